#include "AllocationProbe.h"
#include "TestMaps.h"

#include "io/map/ArrayBlock.h"
#include "io/map/MapFile.h"
#include "io/text/ExactNumber.h"
#include "ranges/ValueRanges.h"

#include <QBuffer>
#include <QFile>
#include <QTemporaryDir>

#include <gtest/gtest.h>
#include <zlib.h>

#include <algorithm>
#include <bit>
#include <cstring>
#include <limits>
#include <vector>

namespace rb {
namespace {

using test::randomMap;

using test::sameBits;

// Map == compares floats by value (-0 == +0); a continuation must be bit-exact, so check bits too.
void expectBitExact(const Map& expected, const Map& actual)
{
    EXPECT_TRUE(expected == actual);
    EXPECT_TRUE(sameBits(expected.state.bed, actual.state.bed));
    EXPECT_TRUE(sameBits(expected.state.depth, actual.state.depth));
    ASSERT_EQ(expected.state.flows.size(), actual.state.flows.size());
    for (std::size_t f = 0; f < expected.state.flows.size(); ++f) EXPECT_TRUE(sameBits(expected.state.flows[f], actual.state.flows[f]));
    EXPECT_TRUE(sameBits(expected.state.time, actual.state.time));
    EXPECT_TRUE(sameBits(expected.state.ledger.evaporation, actual.state.ledger.evaporation)); // -0.0
    EXPECT_TRUE(sameBits(expected.boundary.back().value, actual.boundary.back().value));      // -0.0
    EXPECT_TRUE(sameBits(expected.params.evaporation, actual.params.evaporation));            // subnormal
}

class MapFileRoundTrip : public ::testing::TestWithParam<LatticeKind> {};

// A momentum map keeps its model, Manning's n, eddy viscosity and face velocities (format version
// 2); a pipes map is still written as version 1, which older Riverbed builds read.
TEST_P(MapFileRoundTrip, MomentumMapsKeepTheirVelocitiesAsVersionTwo)
{
    Map map = randomMap(GetParam(), 12, 10, 5);
    EXPECT_EQ(io::mapFormatVersion(map), 1u);
    map.params.model = FlowModel::Momentum;
    map.params.manning = 0.03;
    map.params.eddyViscosity = 0.25;
    map.state.velocities = map.state.flows; // any finite values of the right shape
    for (FloatField& u : map.state.velocities) u.values().front() = -0.0f;
    ASSERT_EQ(map.validate(), "");
    const QByteArray bytes = io::encodeMap(map);
    QString error;
    const std::optional<Map> back = io::decodeMap(bytes, &error);
    ASSERT_TRUE(back) << error.toStdString();
    EXPECT_EQ(io::mapFormatVersion(map), 2u);
    EXPECT_EQ(back->params, map.params);
    ASSERT_EQ(back->state.velocities.size(), map.state.velocities.size());
    for (std::size_t f = 0; f < map.state.velocities.size(); ++f) EXPECT_TRUE(sameBits(map.state.velocities[f], back->state.velocities[f]));

    QByteArray versionOne = bytes; // the same header under version 1: refused, not misread as pipes
    versionOne[10] = 1;
    EXPECT_FALSE(io::decodeMap(versionOne, &error));
    EXPECT_TRUE(error.contains("version 1")) << error.toStdString();
}

// A pipes map carrying velocities (a state read while the model was switching) writes a file that
// loads: the velocities are the momentum model's and stay out of a pipes file, with erosion arrays
// after them or without.
TEST_P(MapFileRoundTrip, PipesMapWithVelocitiesWritesALoadableFileWithoutThem)
{
    for (const bool erosion : {false, true}) {
        Map map = randomMap(GetParam(), 12, 10, 5);
        map.state.velocities = map.state.flows;
        if (erosion) map.state.erodibility = FloatField(12, 10, 0.5f);
        const QByteArray bytes = io::encodeMap(map);
        QString error;
        const std::optional<Map> back = io::decodeMap(bytes, &error);
        ASSERT_TRUE(back) << error.toStdString();
        EXPECT_EQ(back->params.model, FlowModel::Pipes);
        EXPECT_TRUE(back->state.velocities.empty());
        EXPECT_TRUE(sameBits(back->state.depth, map.state.depth));
        EXPECT_EQ(back->state.erodibility.empty(), !erosion);
    }
}

// The file Riverbed wrote before 2026-11-26 for such a map: the velocities after the flows, and
// every array from there on under the name of the one before it ("flow.extraN" past the end).
QByteArray encodedWithStrayVelocities(const Map& map)
{
    const QByteArray sound = io::encodeMap(map);
    std::uint32_t headerLength = 0;
    std::memcpy(&headerLength, sound.constData() + 14, 4);
    QByteArray bytes = sound.left(18 + static_cast<qsizetype>(headerLength) + 4);
    QBuffer out(&bytes);
    out.open(QIODevice::Append);
    const MapState& s = map.state;
    std::vector<const FloatField*> arrays{&s.bed, &s.depth};
    std::vector<std::string> names{"bed", "depth"};
    for (int f = 0; f < s.lattice.familyCount(); ++f) {
        arrays.push_back(&s.flows[static_cast<std::size_t>(f)]);
        names.push_back("flow." + std::string(s.lattice.family(f).name));
    }
    for (const FloatField& u : s.velocities) arrays.push_back(&u);
    for (const auto& [field, name] : {std::pair{&s.erodibility, "erodibility"}, std::pair{&s.sediment, "sediment"}})
        if (!field->empty()) arrays.push_back(field), names.push_back(name);
    for (std::size_t i = 0; i < arrays.size(); ++i)
        EXPECT_TRUE(io::writeArrayBlock(out, i < names.size() ? names[i] : "flow.extra" + std::to_string(i), *arrays[i]));
    return bytes;
}

// Such a file, written by the bug, loads: its stray velocities are skipped and the arrays after
// them read by position, each where it belongs. A sound file still refuses a misnamed array.
TEST_P(MapFileRoundTrip, FilesWithStrayVelocitiesFromOlderBuildsLoad)
{
    Map map = randomMap(GetParam(), 12, 10, 5);
    map.state.erodibility = FloatField(12, 10, 0.25f);
    map.state.sediment = FloatField(12, 10, 0.0f);
    map.state.sediment.values().back() = 0.5f;
    map.state.velocities = map.state.flows;
    const QByteArray bytes = encodedWithStrayVelocities(map);
    QString error;
    const std::optional<Map> back = io::decodeMap(bytes, &error);
    ASSERT_TRUE(back) << error.toStdString();
    EXPECT_TRUE(back->state.velocities.empty());
    EXPECT_TRUE(sameBits(back->state.erodibility, map.state.erodibility));
    EXPECT_TRUE(sameBits(back->state.sediment, map.state.sediment));
    map.state.velocities.clear();
    EXPECT_TRUE(*back == map);

    map.state.velocities.clear(); // the same misnaming without velocities is damage, not the bug
    QByteArray misnamed = io::encodeMap(map);
    misnamed.replace(QByteArray("\x0b" "erodibility", 12), QByteArray("\x0b" "erodibilitz", 12));
    EXPECT_FALSE(io::decodeMap(misnamed, &error));
    EXPECT_TRUE(error.contains("erodibilitz")) << error.toStdString();
}

// A map with dye (format version 3) keeps its channels bit for bit, their ledgers, the dye
// parameters and the segments' and springs' channels, with and without the momentum model's
// velocities before the dye; older versions cannot claim dye.
TEST_P(MapFileRoundTrip, DyeMapsKeepTheirChannelsAsVersionThree)
{
    for (const bool moving : {false, true}) {
        Map map = randomMap(GetParam(), 12, 10, 7);
        if (moving) {
            map.params.model = FlowModel::Momentum;
            map.state.velocities = map.state.flows;
        }
        const std::uint32_t withoutDye = io::mapFormatVersion(map);
        map.params.dyeDiffusivity = 0.75;
        map.params.dyeHalfLife = 3600.0;
        map.boundary.back().dye = 1;
        map.sources.front().kind = PointSource::Kind::Spring;
        map.sources.front().dye = 2;
        for (int c = 0; c < 3; ++c) {
            FloatField dye = map.state.depth;
            // Fractions k/(2 + c), k = 0 … 2 + c, of the depth: 0 ≤ d ≤ h exactly.
            for (std::size_t i = 0; i < dye.size(); ++i) dye[i] *= static_cast<float>(i % static_cast<std::size_t>(3 + c)) / static_cast<float>(2 + c);
            map.state.dye.push_back(dye);
            map.state.dyeLedgers.push_back({1.5 * c, 0.25, 3.0, 0.125, 1e-3, 2e-4, -3e-9, 0.5});
        }
        ASSERT_EQ(map.validate(), "");
        EXPECT_EQ(io::mapFormatVersion(map), 3u);
        const QByteArray bytes = io::encodeMap(map);
        QString error;
        const std::optional<Map> back = io::decodeMap(bytes, &error);
        ASSERT_TRUE(back) << error.toStdString();
        EXPECT_TRUE(*back == map);
        for (int c = 0; c < 3; ++c) EXPECT_TRUE(sameBits(map.state.dye[static_cast<std::size_t>(c)], back->state.dye[static_cast<std::size_t>(c)]));
        EXPECT_EQ(back->state.velocities.size(), map.state.velocities.size());

        QByteArray older = bytes; // the same header under the version without dye: refused
        older[10] = static_cast<char>(withoutDye);
        EXPECT_FALSE(io::decodeMap(older, &error));
        EXPECT_TRUE(error.contains("cannot hold")) << error.toStdString();
    }
}

// A stored steady current (format version 3) comes back bit for bit; older versions cannot claim it.
TEST_P(MapFileRoundTrip, StoredCurrentsAsVersionThree)
{
    Map map = randomMap(GetParam(), 12, 10, 11);
    map.state.currents = {map.state.bed, map.state.depth}; // any finite values of the right shape
    for (FloatField& c : map.state.currents)
        for (float& v : c.values()) v = std::clamp(v, -500.0f, 500.0f);
    ASSERT_EQ(map.validate(), "");
    EXPECT_EQ(io::mapFormatVersion(map), 3u);
    const QByteArray bytes = io::encodeMap(map);
    QString error;
    const std::optional<Map> back = io::decodeMap(bytes, &error);
    ASSERT_TRUE(back) << error.toStdString();
    ASSERT_EQ(back->state.currents.size(), 2u);
    for (int c = 0; c < 2; ++c) EXPECT_TRUE(sameBits(map.state.currents[static_cast<std::size_t>(c)], back->state.currents[static_cast<std::size_t>(c)]));
    QByteArray older = bytes;
    older[10] = 1;
    EXPECT_FALSE(io::decodeMap(older, &error));
    map.state.currents.pop_back();
    EXPECT_NE(map.validate().find("two fields"), std::string::npos);
}

// The current's face fluxes (the dye rides on them) follow the cells' current; a map stored before
// them (ending after current.y) still reads, without them.
TEST_P(MapFileRoundTrip, StoredCurrentFluxesFollowTheCells)
{
    Map map = randomMap(GetParam(), 12, 10, 12);
    map.state.currents = {map.state.depth, map.state.depth};
    map.state.currentFlows = map.state.flows; // any finite values of the right shape
    ASSERT_EQ(map.validate(), "");
    QString error;
    const std::optional<Map> back = io::decodeMap(io::encodeMap(map), &error);
    ASSERT_TRUE(back) << error.toStdString();
    ASSERT_EQ(back->state.currentFlows.size(), map.state.flows.size());
    for (std::size_t f = 0; f < map.state.flows.size(); ++f) EXPECT_TRUE(sameBits(map.state.currentFlows[f], back->state.currentFlows[f]));

    Map older = map;
    older.state.currentFlows.clear();
    const std::optional<Map> withoutFluxes = io::decodeMap(io::encodeMap(older), &error);
    ASSERT_TRUE(withoutFluxes) << error.toStdString();
    EXPECT_TRUE(withoutFluxes->state.currentFlows.empty());
    EXPECT_EQ(withoutFluxes->state.currents.size(), 2u);

    map.state.currentFlows.pop_back();
    EXPECT_NE(map.validate().find("one array per edge family"), std::string::npos);
    map.state.currentFlows = map.state.flows;
    map.state.currents.clear();
    EXPECT_NE(map.validate().find("beside the cells"), std::string::npos);
}

// Dye is water carrying it: a channel above the water's depth is refused, naming channel and cell.
TEST(MapFileRoundTrip, DyeAboveTheWaterIsRefused)
{
    Map map = randomMap(LatticeKind::Square, 12, 10, 9);
    map.state.dye.push_back(map.state.depth);
    map.state.dyeLedgers.emplace_back();
    map.state.dye[0](3, 4) = map.state.depth(3, 4) + 0.5f;
    const std::string problem = map.validate();
    EXPECT_NE(problem.find("dye channel 0 at (3, 4)"), std::string::npos) << problem;
    QString error;
    EXPECT_FALSE(io::decodeMap(io::encodeMap(map), &error));
    EXPECT_TRUE(error.contains("dye channel 0")) << error.toStdString();
}

TEST_P(MapFileRoundTrip, EncodeDecodeIsBitExact)
{
    for (std::uint64_t seed : {1u, 2u, 3u}) {
        const Map map = randomMap(GetParam(), 13 + static_cast<int>(seed), 9, seed);
        ASSERT_EQ(map.validate(), "");
        QString error;
        const std::optional<Map> back = io::decodeMap(io::encodeMap(map), &error);
        ASSERT_TRUE(back) << error.toStdString();
        expectBitExact(map, *back);
    }
}

TEST_P(MapFileRoundTrip, FileRoundTripIsBitExact)
{
    QTemporaryDir dir;
    const QString path = dir.filePath("round.rbmap");
    const Map map = randomMap(GetParam(), 31, 17, 42);
    QString error;
    ASSERT_TRUE(io::writeMapFile(path, map, &error)) << error.toStdString();
    const std::optional<Map> back = io::readMapFile(path, &error);
    ASSERT_TRUE(back) << error.toStdString();
    expectBitExact(map, *back);
}

// The editor's save bar: rises from 0 to 100, one report per array after the header.
TEST_P(MapFileRoundTrip, WriteReportsRisingProgressEndingAt100)
{
    QTemporaryDir dir;
    const Map map = randomMap(GetParam(), 20, 12, 9);
    std::vector<int> reports;
    QString error;
    ASSERT_TRUE(io::writeMapFile(dir.filePath("progress.rbmap"), map, &error, [&](int percent) { reports.push_back(percent); }))
        << error.toStdString();
    const std::size_t arrays = 2 + map.state.flows.size();
    ASSERT_EQ(reports.size(), 1 + arrays);
    EXPECT_EQ(reports.front(), 0);
    EXPECT_EQ(reports.back(), 100);
    EXPECT_TRUE(std::is_sorted(reports.begin(), reports.end()));
    EXPECT_EQ(std::adjacent_find(reports.begin(), reports.end()), reports.end()); // strictly rising
}

TEST_P(MapFileRoundTrip, EncodingIsDeterministic)
{
    const Map map = randomMap(GetParam(), 8, 8, 5);
    EXPECT_EQ(io::encodeMap(map), io::encodeMap(map));
}

TEST_P(MapFileRoundTrip, FlowArraysFollowTheLatticeFamilies)
{
    const Map map = randomMap(GetParam(), 6, 5, 9);
    const std::vector<std::string> names = io::mapArrayNames(map.state.lattice);
    const std::vector<std::string> expected = GetParam() == LatticeKind::Square
                                                  ? std::vector<std::string>{"bed", "depth", "flow.x", "flow.y"}
                                                  : std::vector<std::string>{"bed", "depth", "flow.x", "flow.y", "flow.z"};
    EXPECT_EQ(names, expected);
}

INSTANTIATE_TEST_SUITE_P(BothLattices, MapFileRoundTrip, ::testing::Values(LatticeKind::Square, LatticeKind::Triangle),
                         [](const auto& info) { return std::string(latticeKindName(info.param)); });

TEST(MapFileRoundTrip, ExtremeNumbersSurviveTheHeader)
{
    Map map = randomMap(LatticeKind::Square, 4, 4, 11);
    // The extremes of each field's range (ranges/ValueRanges.h) and bit patterns a lossy path would change.
    map.state.time = ranges::kMaxTime;
    map.state.steps = ranges::kMaxSteps;
    map.state.ledger = {std::numeric_limits<double>::denorm_min(), -ranges::kMaxLedger, 0.1 + 0.2,
                        1.0 / 3.0, -0.0, 5e-324, std::nextafter(ranges::kMaxLedger, 0.0)};
    map.params.dt = std::nextafter(0.05, 1.0);
    map.params.gravity = ranges::kMinGravity;
    QString error;
    const std::optional<Map> back = io::decodeMap(io::encodeMap(map), &error);
    ASSERT_TRUE(back) << error.toStdString();
    expectBitExact(map, *back);
    EXPECT_EQ(back->state.steps, map.state.steps);
    EXPECT_TRUE(sameBits(back->state.ledger.drains, map.state.ledger.drains));
}

TEST(MapFileRoundTrip, EmptyBoundarySourcesAndSettingsRoundTrip)
{
    Map map;
    map.state = MapState(Lattice(LatticeKind::Triangle, 2, 2, 1.0));
    QString error;
    const std::optional<Map> back = io::decodeMap(io::encodeMap(map), &error);
    ASSERT_TRUE(back) << error.toStdString();
    EXPECT_TRUE(map == *back);
}

// Still water and zero flows compress best; the reader's ratio guard must let them through.
TEST(MapFileRoundTrip, HighlyCompressibleMapLoads)
{
    Map map;
    map.state = MapState(Lattice(LatticeKind::Square, 1024, 1024, 2.0));
    QString error;
    const QByteArray bytes = io::encodeMap(map);
    EXPECT_LT(bytes.size(), 100000); // five 4 MiB arrays of zeros
    const std::optional<Map> back = io::decodeMap(bytes, &error);
    ASSERT_TRUE(back) << error.toStdString();
    EXPECT_TRUE(map == *back);
}

// The guard's constant: even zlib's best effort on zeros stays under 1032:1.
TEST(MapFileRoundTrip, ZlibCannotBeatTheRatioGuard)
{
    const std::vector<Bytef> zeros(std::size_t{64} << 20, 0);
    uLongf length = compressBound(zeros.size());
    std::vector<Bytef> packed(length);
    ASSERT_EQ(compress2(packed.data(), &length, zeros.data(), zeros.size(), Z_BEST_COMPRESSION), Z_OK);
    EXPECT_LE(zeros.size(), length * 1032);
    EXPECT_GT(zeros.size(), length * 1000); // the bound is close to what zlib reaches: a tight guard
}

TEST(MapFileRoundTrip, WriteRefusesAnInvalidMapAndKeepsTheOldFile)
{
    QTemporaryDir dir;
    const QString path = dir.filePath("keep.rbmap");
    const Map good = randomMap(LatticeKind::Square, 5, 5, 1);
    QString error;
    ASSERT_TRUE(io::writeMapFile(path, good, &error));
    Map bad = good;
    bad.state.depth(2, 3) = -1.0f;
    EXPECT_FALSE(io::writeMapFile(path, bad, &error));
    EXPECT_TRUE(error.contains(path));
    EXPECT_TRUE(error.contains("negative")) << error.toStdString();
    const std::optional<Map> back = io::readMapFile(path, &error);
    ASSERT_TRUE(back);
    EXPECT_TRUE(*back == good);
}

TEST(MapFileRoundTrip, WriteRefusesWhatReadWouldRefuse)
{
    Map map = randomMap(LatticeKind::Square, 5, 5, 1);
    map.state.ledger.rain = std::numeric_limits<double>::quiet_NaN();
    EXPECT_NE(io::unwritableReason(map), "");
    map.state.ledger.rain = 0.0;
    map.generatorSettings = "\xff\xfe not utf-8";
    EXPECT_NE(io::unwritableReason(map), "");
    map.generatorSettings = "{}";
    EXPECT_EQ(io::unwritableReason(map), "");
}

TEST(MapFileRoundTrip, WriteIntoMissingFolderFailsNamingTheFile)
{
    QTemporaryDir dir;
    const QString path = dir.filePath("no/such/folder/x.rbmap");
    QString error;
    EXPECT_FALSE(io::writeMapFile(path, randomMap(LatticeKind::Square, 4, 4, 1), &error));
    EXPECT_TRUE(error.contains(path)) << error.toStdString();
}

TEST(MapFileRoundTrip, ReadingAMissingFileNamesIt)
{
    QString error;
    EXPECT_FALSE(io::readMapFile("/nonexistent/riverbed.rbmap", &error));
    EXPECT_TRUE(error.contains("/nonexistent/riverbed.rbmap")) << error.toStdString();
}

TEST(ExactNumber, RandomDoublesRoundTripBitForBit)
{
    std::uint64_t state = 12345;
    for (int i = 0; i < 200000; ++i) {
        const double d = test::randomFiniteDouble(state);
        const std::optional<double> back = io::parseExactDouble(io::exactDoubleText(d));
        ASSERT_TRUE(back) << io::exactDoubleText(d);
        ASSERT_TRUE(sameBits(d, *back)) << io::exactDoubleText(d);
    }
}

TEST(ExactNumber, TextIsShortAndReadable)
{
    EXPECT_EQ(io::exactDoubleText(0.05), "0.05");
    EXPECT_EQ(io::exactDoubleText(9.81), "9.81");
    EXPECT_EQ(io::exactDoubleText(0.1 + 0.2), "0.30000000000000004");
}

TEST(ExactNumber, RejectsAnythingButOneFiniteNumber)
{
    for (const char* text : {"", " 1", "1 ", "+1", "1x", "inf", "-inf", "nan", "1e999", "0x1p3", "1,5", "--1"})
        EXPECT_FALSE(io::parseExactDouble(text)) << text;
    EXPECT_EQ(io::parseExactDouble("-2.5e-3"), -2.5e-3);
    EXPECT_EQ(io::parseInt64("-9223372036854775808"), std::numeric_limits<std::int64_t>::min());
    EXPECT_FALSE(io::parseInt64("9223372036854775808"));
    EXPECT_FALSE(io::parseInt64("12.0"));
}

TEST(AllocationProbe, SeesVectorAllocations)
{
    test::resetLargestAllocation();
    std::vector<float> big(std::size_t{1} << 20);
    EXPECT_GE(test::largestAllocation(), big.size() * sizeof(float));
    test::resetLargestAllocation();
    std::vector<char> small(100);
    EXPECT_LT(test::largestAllocation(), std::size_t{1} << 20);
}

} // namespace
} // namespace rb
