// The river test: the generated river preset, its water settled by the solver, gives a
// main centre line that follows the carved channel and carries the inflow to the mouth.
#include "WaterTestSupport.h"

#include "analysis/WaterFeatureExtraction.h"
#include "generator/TerrainGenerator.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <string>

namespace rb::analysis {
namespace {

constexpr int kPresetSize = 128;
constexpr double kPresetSettleSeconds = 200.0;
constexpr double kPresetManning = 0.035; // s/m^(1/3)

class RiverPreset : public ::testing::TestWithParam<LatticeKind> {};

TEST_P(RiverPreset, MainLineFollowsTheChannelAndCarriesTheInflowToTheMouth)
{
    gen::GeneratorSettings settings(gen::Preset::River);
    settings.common.width = kPresetSize;
    settings.common.height = kPresetSize;
    settings.common.lattice = GetParam();
    settings.common.seed = 9;
    const gen::GenerationResult generated = gen::generateMap(settings);
    ASSERT_TRUE(generated.ok()) << generated.error;
    // The momentum model with a natural channel's Manning n: on this steep valley (about 1:10) the
    // pipes keep surging (after 600 s the discharge along the channel still swung between 13 and
    // 17 m³/s), while friction brings the momentum model to a steady flow within minutes.
    Map start = generated.map;
    start.params.model = FlowModel::Momentum;
    start.params.manning = kPresetManning;
    const Map settled = test::settle(start, kPresetSettleSeconds);
    const Lattice& lattice = settled.state.lattice;

    const WaterFeatures features = extractWaterFeatures(settled);
    const std::vector<RiverPoint> line = test::mainLine(features.rivers);
    ASSERT_GE(line.size(), static_cast<std::size_t>(kPresetSize / 2)) << "the main line should cross most of the map";
    double farthest = 0.0, worstDrop = 0.0, largest = 0.0;
    for (const RiverPoint& p : line) {
        farthest = std::max(farthest, test::distanceToCells(lattice, generated.channel, p.x, p.y));
        if (largest > 0.0) worstDrop = std::max(worstDrop, 1.0 - p.discharge / largest);
        largest = std::max(largest, p.discharge);
    }
    const double inflow = settings.river.discharge;
    const double mouth = line.back().discharge;
    std::printf("[ figures ] %s: %zu rivers, main line %zu points, farthest from the channel %.2f cells, "
                "worst drop downstream %.2f%%, mouth %.3f m3/s for an inflow of %.3f (%.2f%%), mouth width %.1f m depth %.2f m\n",
                std::string(latticeKindName(GetParam())).c_str(), features.rivers.size(), line.size(), farthest / lattice.cellSize(),
                100.0 * worstDrop, mouth, inflow, 100.0 * (mouth / inflow - 1.0), line.back().width, line.back().depth);
    EXPECT_LE(farthest, 2.0 * lattice.cellSize());
    EXPECT_LE(worstDrop, 0.05);
    EXPECT_NEAR(mouth, inflow, 0.05 * inflow);
}

INSTANTIATE_TEST_SUITE_P(Analysis, RiverPreset, ::testing::Values(LatticeKind::Square, LatticeKind::Triangle),
                         [](const auto& info) { return std::string(latticeKindName(info.param)); });

} // namespace
} // namespace rb::analysis
