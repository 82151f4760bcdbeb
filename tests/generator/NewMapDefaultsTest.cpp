// Issue 30: every new map runs the momentum model. The parameters a new map gets (each preset, each
// lattice), and what a designer sees from them: the river preset played with its own parameters
// carries its inflow down the channel, where the pipes carried several times more (back and forth).
#include "GeneratorTestSupport.h"

#include "analysis/CrossSection.h"
#include "solver/AdaptiveTimeStep.h"
#include "solver/CpuSolver.h"

#include <gtest/gtest.h>

#include <cmath>
#include <string>

namespace rb::gen {
namespace {

using test::generateOrFail;
using test::smallSettings;

struct PresetCase {
    Preset preset;
    LatticeKind lattice;
};

std::string caseName(const ::testing::TestParamInfo<PresetCase>& info)
{
    return std::string(presetName(info.param.preset)) + "_" + std::string(latticeKindName(info.param.lattice));
}

class NewMapDefaults : public ::testing::TestWithParam<PresetCase> {};

// The momentum model with the preset's documented Manning's n (docs/generator.md) and the
// automatic time step, whatever the preset and lattice.
TEST_P(NewMapDefaults, RunTheMomentumModelWithThePresetsRoughness)
{
    const PresetCase c = GetParam();
    const GenerationResult result = generateOrFail(smallSettings(c.preset, 64, c.lattice, 5));
    const SimParams& params = result.map.params;
    EXPECT_EQ(params.model, FlowModel::Momentum);
    EXPECT_TRUE(params.automaticDt());
    const double expected = c.preset == Preset::River         ? kRiverBedManning
                            : c.preset == Preset::Archipelago ? kSeaBedManning
                            : c.preset == Preset::Lakes       ? kLakeBasinManning
                                                              : kNaturalGroundManning;
    EXPECT_EQ(params.manning, expected);
    EXPECT_GE(params.manning, 0.02); // a natural bed's range (Chow's table): never friction-free water
    EXPECT_LE(params.manning, 0.05);
    EXPECT_EQ(params.validate(), "");
}

INSTANTIATE_TEST_SUITE_P(Presets, NewMapDefaults,
                         ::testing::Values(PresetCase{Preset::Island, LatticeKind::Square}, PresetCase{Preset::Island, LatticeKind::Triangle},
                                           PresetCase{Preset::River, LatticeKind::Square}, PresetCase{Preset::River, LatticeKind::Triangle},
                                           PresetCase{Preset::Archipelago, LatticeKind::Square},
                                           PresetCase{Preset::Archipelago, LatticeKind::Triangle},
                                           PresetCase{Preset::Lakes, LatticeKind::Square}, PresetCase{Preset::Lakes, LatticeKind::Triangle}),
                         caseName);

// The discharge across the channel at `fraction` of its length, downstream positive.
double dischargeAlongChannel(const MapState& state, const std::vector<CellCoord>& channel, double fraction)
{
    const Lattice& lattice = state.lattice;
    const auto at = static_cast<std::size_t>(fraction * static_cast<double>(channel.size() - 1));
    const std::size_t before = at >= 3 ? at - 3 : 0, after = std::min(at + 3, channel.size() - 1);
    const WorldPoint p = lattice.worldPosition(channel[at].x, channel[at].y);
    const WorldPoint a = lattice.worldPosition(channel[before].x, channel[before].y);
    const WorldPoint b = lattice.worldPosition(channel[after].x, channel[after].y);
    return analysis::measureCrossSection(state, p, b.x - a.x, b.y - a.y).discharge;
}

class RiverUnderTheDefaults : public ::testing::TestWithParam<LatticeKind> {};

// The river preset played with the parameters it comes with, long enough for the channel to settle:
// every cross-section of the channel carries the inflow, within 5%. The pipes (the old default)
// fail this: their flows swing back and forth along the channel, several times the inflow.
TEST_P(RiverUnderTheDefaults, EveryCrossSectionCarriesTheInflow)
{
    const GeneratorSettings settings = smallSettings(Preset::River, 96, GetParam(), 4);
    const GenerationResult generated = generateOrFail(settings);
    CpuSolver solver(1);
    solver.load(generated.map);
    constexpr double kSeconds = 900.0; // the channel's length many times over at its speed
    while (solver.diagnostics().time < kSeconds) {
        const StepResult result = AdaptiveTimeStep::step(solver, 200);
        ASSERT_TRUE(result.ok()) << result.error;
    }
    const MapState state = solver.readState();
    const double inflow = settings.river.discharge;
    for (const double fraction : {0.2, 0.4, 0.6, 0.8}) {
        const double q = dischargeAlongChannel(state, generated.channel, fraction);
        RecordProperty("discharge_at_" + std::to_string(static_cast<int>(100 * fraction)) + "pct", std::to_string(q));
        EXPECT_NEAR(q, inflow, 0.05 * inflow) << "at " << fraction << " of the channel";
    }
}

INSTANTIATE_TEST_SUITE_P(Generator, RiverUnderTheDefaults, ::testing::Values(LatticeKind::Square, LatticeKind::Triangle),
                         [](const auto& info) { return std::string(latticeKindName(info.param)); });

} // namespace
} // namespace rb::gen
