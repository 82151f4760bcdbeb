// The time-mean flow in the .rbmap format (version 5): the window and the float64 sums round trip
// bit for bit, only a map holding a mean is written as version 5 (others keep their versions, and
// older files still read), an older version cannot claim a mean, and damaged or mismatched mean
// records are refused with a message, never a crash.
#include "FileLayout.h"
#include "TestMaps.h"

#include "io/flow/VelocityField.h"
#include "io/map/MapFile.h"

#include <QJsonObject>

#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <cstring>
#include <limits>
#include <random>

namespace rb {
namespace {

// A mean with sums of every kind of bit pattern a decimal or float round trip would lose: thirds,
// subnormals, −0, values far beyond a float's precision.
MeanFlow oddMean(const Lattice& lattice, double time, std::uint32_t seed)
{
    MeanFlow mean(lattice);
    std::mt19937_64 rng(seed);
    std::uniform_real_distribution<double> value(-1e3, 1e3);
    for (DoubleField& f : mean.flowSums)
        for (double& v : f.values()) v = value(rng) / 3.0;
    for (double& v : mean.depthSums.values()) v = std::abs(value(rng)) / 7.0;
    mean.flowSums[0].values().front() = -0.0;
    mean.flowSums[0].values().back() = 5e-324;
    mean.depthSums.values().front() = 0.0;
    mean.from = time / 3.0;
    mean.to = time;
    mean.seconds = time - time / 3.0;
    return mean;
}

Map mapWithMean(LatticeKind kind, FlowModel model, std::uint64_t seed)
{
    Map map = test::randomMap(kind, 12, 10, seed);
    if (model == FlowModel::Momentum) {
        map.params.model = FlowModel::Momentum;
        map.state.velocities = map.state.flows;
    }
    map.state.time = 1234.5;
    map.state.meanFlow = oddMean(map.state.lattice, map.state.time, static_cast<std::uint32_t>(seed));
    return map;
}

class MapFileMeanFlow : public ::testing::TestWithParam<std::tuple<LatticeKind, FlowModel>> {};

TEST_P(MapFileMeanFlow, WindowAndSumsRoundTripBitForBitAsVersionFive)
{
    const Map map = mapWithMean(std::get<0>(GetParam()), std::get<1>(GetParam()), 7);
    ASSERT_EQ(map.validate(), "");
    const QByteArray bytes = io::encodeMap(map);
    EXPECT_EQ(test::getU32(bytes, test::FileLayout::versionOffset), 5u);
    const test::FileLayout layout = test::parseLayout(bytes);
    const auto& last = layout.arrays.back();
    EXPECT_EQ(last.name, "mean.depth");
    EXPECT_EQ(test::getU32(bytes, last.widthOffset), static_cast<std::uint32_t>(map.state.lattice.width()));
    QString error;
    const std::optional<Map> read = io::decodeMap(bytes, &error);
    ASSERT_TRUE(read) << error.toStdString();
    const MeanFlow& a = map.state.meanFlow;
    const MeanFlow& b = read->state.meanFlow;
    EXPECT_TRUE(test::sameBits(a.from, b.from) && test::sameBits(a.to, b.to) && test::sameBits(a.seconds, b.seconds));
    ASSERT_EQ(a.flowSums.size(), b.flowSums.size());
    for (std::size_t f = 0; f < a.flowSums.size(); ++f)
        EXPECT_EQ(std::memcmp(a.flowSums[f].data(), b.flowSums[f].data(), a.flowSums[f].size() * sizeof(double)), 0);
    EXPECT_EQ(std::memcmp(a.depthSums.data(), b.depthSums.data(), a.depthSums.size() * sizeof(double)), 0);
    EXPECT_TRUE(*read == map);
    EXPECT_EQ(io::encodeMap(*read), bytes);
}

INSTANTIATE_TEST_SUITE_P(LatticesAndModels, MapFileMeanFlow,
                         ::testing::Combine(::testing::Values(LatticeKind::Square, LatticeKind::Triangle), ::testing::Values(FlowModel::Pipes, FlowModel::Momentum)));

TEST(MapFileMeanFlowVersions, MapsWithoutAMeanKeepTheirVersionsAndOlderVersionsCannotClaimOne)
{
    Map map = test::randomMap(LatticeKind::Square, 12, 10, 3);
    map.state.dye.clear();
    map.state.dyeLedgers.clear();
    const QByteArray plain = io::encodeMap(map);
    EXPECT_LT(test::getU32(plain, test::FileLayout::versionOffset), 5u);
    EXPECT_TRUE(io::decodeMap(plain, nullptr));
    map.state.meanFlow = oddMean(map.state.lattice, map.state.time, 3);
    QByteArray bytes = io::encodeMap(map);
    for (std::uint32_t older = 1; older < 5; ++older) {
        test::putU32(bytes, test::FileLayout::versionOffset, older);
        QString error;
        EXPECT_FALSE(io::decodeMap(bytes, &error));
        EXPECT_TRUE(error.contains("cannot hold")) << error.toStdString();
    }
}

class MapFileMeanFlowCorruption : public ::testing::Test {
protected:
    const Map map = mapWithMean(LatticeKind::Triangle, FlowModel::Momentum, 11);
    const QByteArray file = io::encodeMap(map);

    std::string refusal(const QByteArray& bytes) const
    {
        QString error;
        EXPECT_FALSE(io::decodeMap(bytes, &error)) << "damaged bytes were accepted";
        return error.toStdString();
    }
    std::string refusalOfWindow(const char* key, const QJsonValue& value) const
    {
        QJsonObject header = test::headerOf(file);
        QJsonObject window = header["meanFlow"].toObject();
        if (value.isUndefined()) window.remove(key);
        else window[key] = value;
        header["meanFlow"] = window;
        return refusal(test::withHeader(file, header));
    }
    const test::ArrayRecordLayout& record(const std::string& name) const
    {
        static test::FileLayout layout;
        layout = test::parseLayout(file);
        for (const auto& r : layout.arrays)
            if (r.name == name) return r;
        throw std::runtime_error("no array " + name);
    }
};

bool meanFlowContains(const std::string& text, const std::string& part)
{
    return text.find(part) != std::string::npos;
}

TEST_F(MapFileMeanFlowCorruption, TruncatedMissingOrUnlistedArraysAreRefused)
{
    EXPECT_TRUE(meanFlowContains(refusal(file.left(static_cast<qsizetype>(record("mean.depth").start))), "truncated")) << "listed but missing";
    EXPECT_TRUE(meanFlowContains(refusal(file.left(file.size() - 3)), "truncated"));
    QJsonObject header = test::headerOf(file);
    header.remove("meanFlow");
    EXPECT_TRUE(meanFlowContains(refusal(test::withHeader(file, header)), "unexpected bytes after the last array")) << "present but not listed";
}

TEST_F(MapFileMeanFlowCorruption, WrongSizesChecksumsAndValuesAreRefused)
{
    const test::ArrayRecordLayout& flow = record("mean.flow.y");
    QByteArray forged = file;
    test::putU32(forged, flow.widthOffset, 11);
    EXPECT_TRUE(meanFlowContains(refusal(forged), "inconsistent dimensions")) << refusal(forged);
    forged = file;
    test::putU64(forged, flow.rawSizeOffset, static_cast<std::uint64_t>(map.state.lattice.paddedWidth() * map.state.lattice.paddedHeight()) * 4);
    EXPECT_TRUE(meanFlowContains(refusal(forged), "float64")) << "a float32-sized record is refused: " << refusal(forged);
    forged = file;
    test::putU32(forged, flow.crcOffset, test::getU32(forged, flow.crcOffset) ^ 1u);
    EXPECT_TRUE(meanFlowContains(refusal(forged), "checksum mismatch in array 'mean.flow.y'")) << refusal(forged);
    // Values: a negative depth sum, a window that runs backwards or past the map's time.
    Map bad = map;
    bad.state.meanFlow.depthSums.values()[5] = -1.0;
    EXPECT_TRUE(meanFlowContains(refusal(io::encodeMap(bad)), "time-mean depth sum"));
    bad = map;
    bad.state.meanFlow.flowSums[1].values()[3] = std::numeric_limits<double>::quiet_NaN();
    EXPECT_TRUE(meanFlowContains(refusal(io::encodeMap(bad)), "time-mean flow sum"));
    EXPECT_TRUE(meanFlowContains(refusalOfWindow("to", QString("-1")), "meanFlow.to"));
    EXPECT_TRUE(meanFlowContains(refusalOfWindow("seconds", QString("0")), "meanFlow.seconds"));
    EXPECT_TRUE(meanFlowContains(refusalOfWindow("to", QString("2000")), "ends after the map's time"));
    EXPECT_TRUE(meanFlowContains(refusalOfWindow("from", QJsonValue(QJsonValue::Undefined)), "'meanFlow.from' is missing"));
    EXPECT_TRUE(meanFlowContains(refusalOfWindow("from", 3.5), "meanFlow.from"));
}

TEST_F(MapFileMeanFlowCorruption, RandomDamageNeverCrashes)
{
    std::mt19937 rng(5);
    const std::size_t start = record("mean.flow.x").start;
    std::uniform_int_distribution<std::size_t> at(start, static_cast<std::size_t>(file.size()) - 1);
    for (int i = 0; i < 300; ++i) {
        QByteArray damaged = file;
        damaged[static_cast<qsizetype>(at(rng))] = static_cast<char>(rng());
        QString error;
        const std::optional<Map> read = io::decodeMap(damaged, &error);
        EXPECT_TRUE(read || !error.isEmpty());
    }
}

// The mean velocity is the mean discharge through the mean depth (the transport velocity).
TEST(MeanFlowState, MeanVelocityIsTheMeanDischargeThroughTheMeanDepth)
{
    const Lattice lattice(LatticeKind::Square, 4, 3, 2.0);
    MapState state(lattice);
    for (float& h : state.depth.values()) h = 1.0f;
    MeanFlow mean(lattice);
    mean.from = 0.0;
    mean.to = mean.seconds = 10.0;
    state.time = 10.0;
    // Half the window 2 m deep carrying 4 m³/s east per face, half dry: mean depth 1 m, mean discharge 2 m³/s.
    for (double& v : mean.flowSums[0].values()) v = 2.0 * 10.0;
    for (double& v : mean.depthSums.values()) v = 1.0 * 10.0;
    state.meanFlow = mean;
    ASSERT_EQ(state.validate(), "");
    const io::VelocityField v = io::reconstructVelocity(io::meanFlowState(state));
    EXPECT_FLOAT_EQ(v.x(1, 1), 2.0f / (1.0f * 2.0f)); // q / (h · face width)
    EXPECT_FLOAT_EQ(v.y(1, 1), 0.0f);
    state.meanFlow = {};
    EXPECT_THROW(io::meanFlowState(state), std::invalid_argument);
}

} // namespace
} // namespace rb
