// Erosion in the .rbmap format (version 4): every field and header item round trips bit for bit,
// maps that never eroded keep their older versions, older versions cannot claim erosion, and
// damaged erosion records are refused with a message.
#include "FileLayout.h"
#include "TestMaps.h"

#include "io/map/MapFile.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonObject>

#include <algorithm>
#include <gtest/gtest.h>

#include <bit>
#include <cstring>
#include <functional>
#include <random>

namespace rb {
namespace {

using test::randomMap;

using test::sameBits;

// A W×H field of values in [low, high] that differ cell by cell, with exact zeros and -0.0.
FloatField randomField(int width, int height, float low, float high, std::uint32_t seed)
{
    std::mt19937 rng(seed);
    std::uniform_real_distribution<float> value(low, high);
    FloatField field(width, height);
    for (float& v : field.values()) v = value(rng);
    field.values().front() = 0.0f;
    if (low <= 0.0f) field.values().back() = -0.0f;
    return field;
}

// Totals with bit patterns a decimal round trip could lose (thirds, tiny and negative values).
SedimentLedger oddLedger()
{
    SedimentLedger l;
    l.carried = {1.0 / 3.0, 2.0 / 7.0, 5e-300, 0.125, 1e-3, 0.0, -3e-9, -0.0};
    l.eroded = 1234.5678901234567;
    l.deposited = 1000.0 / 3.0;
    l.slid = 9.87654321e5;
    l.rounding = -1.1102230246251565e-16;
    return l;
}

// Every erosion item at once: parameters off the defaults, an inflow and a spring bringing
// sediment, the three fields and the ledger.
Map erodedMap(LatticeKind kind, FlowModel model, std::uint64_t seed)
{
    Map map = randomMap(kind, 12, 10, seed);
    if (model == FlowModel::Momentum) {
        map.params.model = FlowModel::Momentum;
        map.state.velocities = map.state.flows;
    }
    ErosionParams& e = map.params.erosion;
    e.enabled = true;
    e.capacity = 0.1 / 3.0;
    e.erosionRate = 0.7;
    e.depositionRate = 1e-3 / 7.0;
    e.talusDegrees = 31.5;
    e.thermalRate = 0.3;
    e.minDepth = 0.005;
    e.interval = 13;
    map.boundary.front().sediment = 0.1 / 3.0; // sediment is stored whatever the type (kept like dye)
    map.sources.front().kind = PointSource::Kind::Spring;
    map.sources.front().sediment = 0.25;
    const int w = map.state.lattice.width(), h = map.state.lattice.height();
    map.state.erodibility = randomField(w, h, 0.0f, 1.0f, 1);
    map.state.sediment = randomField(w, h, 0.0f, 0.05f, 2);
    map.state.deposition = randomField(w, h, -3.0f, 2.0f, 3);
    map.state.bedRemainder = randomField(w, h, -1e-6f, 1e-6f, 4);
    map.state.sedimentLedger = oddLedger();
    return map;
}

std::optional<Map> decoded(const QByteArray& bytes, QString* error)
{
    return io::decodeMap(bytes, error);
}

class MapFileErosion : public ::testing::TestWithParam<std::tuple<LatticeKind, FlowModel>> {};

TEST_P(MapFileErosion, EveryFieldAndHeaderItemRoundTripsAsVersionFour)
{
    const auto [kind, model] = GetParam();
    const Map map = erodedMap(kind, model, 21);
    ASSERT_EQ(map.validate(), "");
    EXPECT_EQ(io::mapFormatVersion(map), 4u);
    const QByteArray bytes = io::encodeMap(map);
    EXPECT_EQ(test::getU32(bytes, test::FileLayout::versionOffset), 4u);
    QString error;
    const std::optional<Map> back = decoded(bytes, &error);
    ASSERT_TRUE(back) << error.toStdString();
    EXPECT_TRUE(*back == map);
    EXPECT_EQ(back->params.erosion, map.params.erosion);
    EXPECT_TRUE(sameBits(back->params.erosion.capacity, map.params.erosion.capacity));
    EXPECT_TRUE(sameBits(back->params.erosion.depositionRate, map.params.erosion.depositionRate));
    EXPECT_TRUE(sameBits(back->boundary.front().sediment, map.boundary.front().sediment));
    EXPECT_EQ(back->sources.front().sediment, 0.25);
    EXPECT_TRUE(sameBits(back->state.erodibility, map.state.erodibility));
    EXPECT_TRUE(sameBits(back->state.sediment, map.state.sediment));
    EXPECT_TRUE(sameBits(back->state.bedRemainder, map.state.bedRemainder));
    EXPECT_TRUE(sameBits(back->state.deposition, map.state.deposition));
    EXPECT_EQ(back->state.sedimentLedger, map.state.sedimentLedger);
    EXPECT_TRUE(sameBits(back->state.sedimentLedger.rounding, map.state.sedimentLedger.rounding));
    EXPECT_TRUE(sameBits(back->state.sedimentLedger.carried.edited, -0.0));
    EXPECT_EQ(back->state.velocities.size(), map.state.velocities.size());

    // The arrays come last, in the documented order, after the water's.
    const test::FileLayout layout = test::parseLayout(bytes);
    ASSERT_GE(layout.arrays.size(), 4u);
    const std::size_t n = layout.arrays.size();
    EXPECT_EQ(layout.arrays[n - 4].name, "erodibility");
    EXPECT_EQ(layout.arrays[n - 3].name, "sediment");
    EXPECT_EQ(layout.arrays[n - 2].name, "deposition");
    EXPECT_EQ(layout.arrays[n - 1].name, "bed.remainder");
    const QJsonObject header = test::headerOf(bytes);
    EXPECT_EQ(header["erosionArrays"].toArray(), (QJsonArray{"erodibility", "sediment", "deposition", "bed.remainder"}));
    EXPECT_TRUE(header["params"].toObject()["erosion"].toObject()["enabled"].toBool());
    EXPECT_TRUE(header["sedimentLedger"].toObject().contains("carried"));
}

// Each field alone and every combination: only the fields present are written and read back.
TEST_P(MapFileErosion, EachArrayIsPresentOnlyWhenTheMapHoldsIt)
{
    const auto [kind, model] = GetParam();
    for (int mask = 0; mask < 16; ++mask) {
        Map map = erodedMap(kind, model, 22);
        map.params.erosion = {};
        map.boundary.front().sediment = 0.0;
        map.sources.front().sediment = 0.0;
        map.state.sedimentLedger = {};
        if (!(mask & 1)) map.state.erodibility = {};
        if (!(mask & 2)) map.state.sediment = {};
        if (!(mask & 4)) map.state.deposition = {};
        if (!(mask & 8)) map.state.bedRemainder = {};
        ASSERT_EQ(map.validate(), "");
        EXPECT_EQ(io::mapFormatVersion(map), mask == 0 ? (model == FlowModel::Pipes ? 1u : 2u) : 4u) << mask;
        const QByteArray bytes = io::encodeMap(map);
        QString error;
        const std::optional<Map> back = decoded(bytes, &error);
        ASSERT_TRUE(back) << error.toStdString();
        EXPECT_TRUE(*back == map) << mask;
        EXPECT_EQ(back->state.erodibility.empty(), !(mask & 1));
        EXPECT_EQ(back->state.sediment.empty(), !(mask & 2));
        EXPECT_EQ(back->state.deposition.empty(), !(mask & 4));
        EXPECT_EQ(back->state.bedRemainder.empty(), !(mask & 8));
        EXPECT_EQ(test::headerOf(bytes).contains("erosionArrays"), mask != 0);
    }
}

INSTANTIATE_TEST_SUITE_P(LatticesAndModels, MapFileErosion,
                         ::testing::Combine(::testing::Values(LatticeKind::Square, LatticeKind::Triangle),
                                            ::testing::Values(FlowModel::Pipes, FlowModel::Momentum)));

// Each single claim of erosion needs version 4; written as version 3 (or lower) it is refused with
// a message, as dye is below version 3.
TEST(MapFileErosionVersions, EachErosionItemNeedsVersionFourAndOlderVersionsCannotClaimIt)
{
    const std::vector<std::pair<const char*, std::function<void(Map&)>>> claims = {
        {"parameters", [](Map& m) { m.params.erosion.talusDegrees = 30.0; }},
        {"erosion off but not default", [](Map& m) { m.params.erosion.capacity = 0.2; }},
        {"erosion on", [](Map& m) { m.params.erosion.enabled = true; }},
        {"inflow sediment", [](Map& m) { m.boundary.front().sediment = 0.125; }},
        {"spring sediment", [](Map& m) {
             m.sources.front().kind = PointSource::Kind::Spring;
             m.sources.front().sediment = 0.5;
         }},
        {"ledger", [](Map& m) { m.state.sedimentLedger.slid = 2.5; }},
        {"carried ledger", [](Map& m) { m.state.sedimentLedger.carried.boundaryIn = 1.0; }},
        {"erodibility", [](Map& m) { m.state.erodibility = randomField(m.state.lattice.width(), m.state.lattice.height(), 0.0f, 1.0f, 5); }},
        {"deposition", [](Map& m) { m.state.deposition = randomField(m.state.lattice.width(), m.state.lattice.height(), -1.0f, 1.0f, 6); }},
        {"bed remainder", [](Map& m) { m.state.bedRemainder = randomField(m.state.lattice.width(), m.state.lattice.height(), -1e-6f, 1e-6f, 7); }},
    };
    for (const auto& [what, claim] : claims) {
        Map map = randomMap(LatticeKind::Square, 9, 7, 31);
        claim(map);
        ASSERT_EQ(map.validate(), "") << what;
        EXPECT_EQ(io::mapFormatVersion(map), 4u) << what;
        QByteArray bytes = io::encodeMap(map);
        QString error;
        const std::optional<Map> back = io::decodeMap(bytes, &error);
        ASSERT_TRUE(back) << what << ": " << error.toStdString();
        EXPECT_TRUE(*back == map) << what;
        for (std::uint32_t older : {1u, 2u, 3u}) {
            test::putU32(bytes, test::FileLayout::versionOffset, older);
            EXPECT_FALSE(io::decodeMap(bytes, &error)) << what;
            EXPECT_TRUE(error.contains(QString("a format version %1 file cannot hold erosion").arg(older))) << what << ": " << error.toStdString();
        }
    }
}

// Maps that never eroded are written as before (older builds read them) and their headers carry
// no erosion member; the versions they were written in still read.
TEST(MapFileErosionVersions, MapsWithoutErosionKeepTheirOlderVersions)
{
    Map map = randomMap(LatticeKind::Triangle, 9, 7, 32);
    EXPECT_EQ(io::mapFormatVersion(map), 1u);
    map.params.model = FlowModel::Momentum;
    EXPECT_EQ(io::mapFormatVersion(map), 2u);
    map.params.dyeHalfLife = 60.0;
    EXPECT_EQ(io::mapFormatVersion(map), 3u);
    const QByteArray bytes = io::encodeMap(map);
    const QJsonObject header = test::headerOf(bytes);
    for (const char* member : {"erosionArrays", "sedimentLedger"}) EXPECT_FALSE(header.contains(member)) << member;
    EXPECT_FALSE(header["params"].toObject().contains("erosion"));
    for (const QJsonValue& segment : header["boundary"].toArray()) EXPECT_FALSE(segment.toObject().contains("sediment"));
    QString error;
    const std::optional<Map> back = io::decodeMap(bytes, &error);
    ASSERT_TRUE(back) << error.toStdString();
    EXPECT_TRUE(*back == map);
    EXPECT_FALSE(back->state.hasErosionState());
}

// Files written by an older build (version 1, checked in as the fuzzer's seeds) still read, and
// are written back as version 1.
TEST(MapFileErosionVersions, FilesOfOlderBuildsStillRead)
{
    for (const char* name : {"square", "triangle"}) {
        QFile file(QString(RIVERBED_SOURCE_DIR "/tests/fuzz/corpus/rbmap/%1.rbmap").arg(name));
        ASSERT_TRUE(file.open(QIODevice::ReadOnly)) << name;
        const QByteArray bytes = file.readAll();
        EXPECT_EQ(test::getU32(bytes, test::FileLayout::versionOffset), 1u);
        QString error;
        const std::optional<Map> map = io::decodeMap(bytes, &error);
        ASSERT_TRUE(map) << name << ": " << error.toStdString();
        EXPECT_FALSE(map->state.hasErosionState());
        EXPECT_EQ(map->params.erosion, ErosionParams{});
        EXPECT_EQ(io::mapFormatVersion(*map), 1u);
        const std::optional<Map> again = io::decodeMap(io::encodeMap(*map), &error); // the header has grown since, the map has not
        ASSERT_TRUE(again) << error.toStdString();
        EXPECT_TRUE(*again == *map) << name;
    }
}

// Damaged erosion records: each refused with a message saying what is wrong.
class MapFileErosionCorruption : public ::testing::Test {
protected:
    const QByteArray file = io::encodeMap(erodedMap(LatticeKind::Square, FlowModel::Pipes, 40));

    std::string refusal(const QByteArray& bytes) const
    {
        QString error;
        EXPECT_FALSE(io::decodeMap(bytes, &error)) << "damaged bytes were accepted";
        EXPECT_FALSE(error.isEmpty());
        return error.toStdString();
    }
    std::string refusalOfHeader(const std::function<void(QJsonObject&)>& edit) const
    {
        QJsonObject header = test::headerOf(file);
        edit(header);
        return refusal(test::withHeader(file, header));
    }
    static void setErosionParam(QJsonObject& h, const QString& key, const QJsonValue& value)
    {
        QJsonObject params = h["params"].toObject();
        QJsonObject erosion = params["erosion"].toObject();
        erosion[key] = value;
        params["erosion"] = erosion;
        h["params"] = params;
    }
};

bool erosionContains(const std::string& text, const std::string& part)
{
    return text.find(part) != std::string::npos;
}

TEST_F(MapFileErosionCorruption, ArrayListMustNameErosionArraysInOrder)
{
    for (const QJsonArray& names : {QJsonArray{"erodibility", "bed", "deposition"}, QJsonArray{"sediment", "erodibility", "deposition"},
                                    QJsonArray{"erodibility", "erodibility"}, QJsonArray{3}}) {
        const std::string message = refusalOfHeader([&](QJsonObject& h) { h["erosionArrays"] = names; });
        EXPECT_TRUE(erosionContains(message, "erosionArrays")) << message;
    }
    EXPECT_TRUE(erosionContains(refusalOfHeader([](QJsonObject& h) { h["erosionArrays"] = "erodibility"; }), "malformed header: 'erosionArrays'"));
}

TEST_F(MapFileErosionCorruption, ArraysTheHeaderDoesNotListOrListsWithoutThemAreRefused)
{
    // Listed but missing (the file ends before it): truncation.
    const test::FileLayout layout = test::parseLayout(file);
    const auto& last = layout.arrays.back();
    EXPECT_TRUE(erosionContains(refusal(file.left(static_cast<qsizetype>(last.start))), "truncated"));
    // Present but not listed: bytes the reader does not expect.
    EXPECT_TRUE(erosionContains(refusalOfHeader([](QJsonObject& h) { h["erosionArrays"] = QJsonArray{"erodibility", "sediment"}; }),
                         "unexpected bytes after the last array"));
    // Listed in the wrong place: the record found is named.
    EXPECT_TRUE(erosionContains(refusalOfHeader([](QJsonObject& h) { h["erosionArrays"] = QJsonArray{"sediment", "deposition"}; }),
                         "found array 'erodibility' where 'sediment' belongs"));
}

TEST_F(MapFileErosionCorruption, WrongSizesAndValuesAreRefused)
{
    const test::FileLayout layout = test::parseLayout(file);
    const auto named = [&](const std::string& name) { return *std::find_if(layout.arrays.begin(), layout.arrays.end(), [&](const auto& a) { return a.name == name; }); };
    const auto erodibility = named("erodibility");
    QByteArray forged = file;
    test::putU32(forged, erodibility.widthOffset, 11);
    EXPECT_TRUE(erosionContains(refusal(forged), "inconsistent dimensions")) << refusal(forged);
    forged = file;
    test::putU64(forged, erodibility.rawSizeOffset, 8);
    EXPECT_TRUE(erosionContains(refusal(forged), "array 'erodibility'")) << refusal(forged);

    Map map = erodedMap(LatticeKind::Square, FlowModel::Pipes, 41);
    map.state.erodibility(2, 3) = 1.5f;
    EXPECT_TRUE(erosionContains(refusal(io::encodeMap(map)), "invalid values: erodibility")) << refusal(io::encodeMap(map));
    map = erodedMap(LatticeKind::Square, FlowModel::Pipes, 41);
    map.state.sediment(1, 1) = -0.5f;
    EXPECT_TRUE(erosionContains(refusal(io::encodeMap(map)), "invalid values: sediment"));
    map = erodedMap(LatticeKind::Square, FlowModel::Pipes, 41);
    map.state.deposition(4, 2) = std::numeric_limits<float>::quiet_NaN();
    EXPECT_TRUE(erosionContains(refusal(io::encodeMap(map)), "invalid values: deposition"));
}

// Files written before the bed's interval existed updated the bed after every step: they read 1.
TEST_F(MapFileErosionCorruption, ABedIntervalMissingFromAnOlderFileReadsAsEveryStep)
{
    QJsonObject header = test::headerOf(file);
    QJsonObject params = header["params"].toObject();
    QJsonObject erosion = params["erosion"].toObject();
    ASSERT_EQ(erosion["interval"].toInt(), 13);
    erosion.remove("interval");
    params["erosion"] = erosion;
    header["params"] = params;
    QString error;
    const std::optional<Map> map = io::decodeMap(test::withHeader(file, header), &error);
    ASSERT_TRUE(map) << error.toStdString();
    EXPECT_EQ(map->params.erosion.interval, 1);
}

TEST_F(MapFileErosionCorruption, HeaderItemsAreCheckedLikeTheOthers)
{
    for (const QJsonValue& bad : {QJsonValue(0), QJsonValue(1001), QJsonValue(2.5), QJsonValue("8")})
        EXPECT_TRUE(erosionContains(refusalOfHeader([&](QJsonObject& h) { setErosionParam(h, "interval", bad); }), "params.erosion.interval"))
            << refusalOfHeader([&](QJsonObject& h) { setErosionParam(h, "interval", bad); });
    EXPECT_TRUE(erosionContains(refusalOfHeader([](QJsonObject& h) { setErosionParam(h, "talusDegrees", "95"); }), "invalid values: talus angle"));
    EXPECT_TRUE(erosionContains(refusalOfHeader([](QJsonObject& h) { setErosionParam(h, "capacity", 0.1); }),
                         "malformed header: 'params.erosion.capacity'"));
    EXPECT_TRUE(erosionContains(refusalOfHeader([](QJsonObject& h) {
                             QJsonObject params = h["params"].toObject();
                             QJsonObject erosion = params["erosion"].toObject();
                             erosion.remove("minDepth");
                             params["erosion"] = erosion;
                             h["params"] = params;
                         }),
                         "malformed header: 'params.erosion.minDepth' is missing"));
    EXPECT_TRUE(erosionContains(refusalOfHeader([](QJsonObject& h) {
                             QJsonObject ledger = h["sedimentLedger"].toObject();
                             ledger.remove("slid");
                             h["sedimentLedger"] = ledger;
                         }),
                         "malformed header: 'sedimentLedger.slid' is missing"));
    EXPECT_TRUE(erosionContains(refusalOfHeader([](QJsonObject& h) {
                             QJsonObject ledger = h["sedimentLedger"].toObject();
                             ledger["eroded"] = "1e300";
                             h["sedimentLedger"] = ledger;
                         }),
                         "invalid values: sediment ledger"));
    EXPECT_TRUE(erosionContains(refusalOfHeader([](QJsonObject& h) {
                             QJsonArray boundary = h["boundary"].toArray();
                             QJsonObject first = boundary[0].toObject();
                             first["sediment"] = "0.75";
                             boundary[0] = first;
                             h["boundary"] = boundary;
                         }),
                         "sediment concentration"));
}

// Random damage of an erosion file: a message or a valid map, never a crash.
TEST_F(MapFileErosionCorruption, RandomDamageNeverCrashes)
{
    std::mt19937 rng(11);
    std::uniform_int_distribution<qsizetype> position(0, file.size() - 1);
    std::uniform_int_distribution<int> byte(0, 255);
    for (int round = 0; round < 1500; ++round) {
        QByteArray damaged = file;
        for (int e = 0; e < 1 + round % 3; ++e) {
            const qsizetype at = position(rng) % damaged.size();
            if (round % 2 == 0) damaged[at] = static_cast<char>(byte(rng));
            else damaged.remove(at, 1 + byte(rng) % 16);
        }
        QString error;
        const std::optional<Map> map = io::decodeMap(damaged, &error);
        if (map) EXPECT_EQ(map->validate(), "");
        else EXPECT_FALSE(error.isEmpty());
    }
}

} // namespace
} // namespace rb
