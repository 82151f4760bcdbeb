// The currents' defaults settle (issue 32, part 5): on the editor's start-up island (256², 4 m
// cells) and on the island, archipelago and river presets at their default size (512², 2 m
// cells), West +0.4 and East −0.4 m/s with every other setting at its default give a steady
// current within the default iteration limit. With the old default viscosity (1 m²/s) the islands
// do not settle in 200 iterations, nor does the archipelago while water shallower than half a
// metre carries the current (docs/solver.md, "Currents", "Default viscosity", "Shallow water is
// coast"). A viscosity below what the wake needs gives the time average of the second half of the
// run, and says so. The lakes preset's water lies inland: a solve is refused, and says why.
#include "CurrentsTestMaps.h"

#include "currents/CurrentDepth.h"
#include "currents/CurrentsSolver.h"
#include "currents/SteadyViscosity.h"
#include "generator/TerrainGenerator.h"

#include <gtest/gtest.h>

#include <iostream>

namespace rb {
namespace {

// The island preset with nothing but its size and cell size changed, as the editor generates its
// start-up map (MainWindow's EditorOptions) and `riverbed-cli generate --preset island` its default.
Map presetMap(gen::Preset preset, int size, double cellSize)
{
    gen::GeneratorSettings settings(preset);
    settings.common.width = size;
    settings.common.height = size;
    settings.common.cellSize = cellSize;
    gen::GenerationResult result = gen::generateMap(settings);
    EXPECT_TRUE(result.ok()) << result.error;
    return result.map;
}

Map presetIsland(int size, double cellSize)
{
    return presetMap(gen::Preset::Island, size, cellSize);
}

CurrentsReport solveDefaults(const Map& map)
{
    const CurrentsSettings settings = test::eastwardCurrent(0.4);
    CurrentsSolver solver(map.state.lattice, map.state.depth, settings);
    const CurrentsReport report = solver.solve();
    std::cout << report.iterations << " iterations, residual " << report.residual << ", viscosity " << report.viscosity << " m²/s, "
              << report.seconds << " s\n";
    return report;
}

void expectSteady(const CurrentsReport& report)
{
    const CurrentsSettings defaults;
    EXPECT_TRUE(report.converged);
    EXPECT_FALSE(report.timeAveraged);
    EXPECT_LE(report.residual, defaults.tolerance);
    EXPECT_LE(report.iterations, defaults.maxIterations);
    EXPECT_LE(report.divergence, 1e-4);
    EXPECT_DOUBLE_EQ(report.viscosity, report.steadyViscosity); // the automatic viscosity was used
}

TEST(CurrentsDefaults, TheStartUpIslandSettles)
{
    expectSteady(solveDefaults(presetIsland(256, 4.0)));
}

TEST(CurrentsDefaults, TheIslandPresetAtItsDefaultSizeSettles)
{
    expectSteady(solveDefaults(presetIsland(512, 2.0)));
}

// About 13 iterations and 23 s of CPU (2 threads) on this 2-core machine: the longest test here.
// Before shallow water was coast it stalled at a residual of 3.7·10⁻⁴ (a jet from a film 13 cm deep
// across a headland) and gave the time average after 200 iterations.
TEST(CurrentsDefaults, TheArchipelagoPresetAtItsDefaultSizeSettles)
{
    expectSteady(solveDefaults(presetMap(gen::Preset::Archipelago, 512, 2.0)));
}

// Its prescribed inflow and outflow differ (the river's valley is deeper on one side): the outflow
// is scaled, and the current still settles.
TEST(CurrentsDefaults, TheRiverPresetAtItsDefaultSizeSettles)
{
    const CurrentsReport report = solveDefaults(presetMap(gen::Preset::River, 512, 2.0));
    expectSteady(report);
    EXPECT_FALSE(report.balance.balanced);
}

// The lakes preset's water lies inland: no current enters it, so the solve is refused with a
// message that says so instead of giving still water as a "steady" current.
TEST(CurrentsDefaults, LakesThatReachNoOpenSideAreRefusedWithAReason)
{
    const Map map = presetMap(gen::Preset::Lakes, 128, 8.0);
    FloatField depth = map.state.depth;
    for (int y = 0; y < depth.height(); ++y)
        for (int x = 0; x < depth.width(); ++x)
            if (map.state.bed(x, y) < map.state.bed(depth.width() / 2, depth.height() / 2) + 5.0f) depth(x, y) = 2.0f; // lakes filled, as the springs do
    for (int i = 0; i < depth.width(); ++i) depth(i, 0) = depth(i, depth.height() - 1) = 0.0f;
    for (int i = 0; i < depth.height(); ++i) depth(0, i) = depth(depth.width() - 1, i) = 0.0f;
    const CurrentsSettings settings = test::eastwardCurrent(0.4);
    const std::string problem = CurrentsSolver::requestProblem(depth, settings);
    EXPECT_NE(problem.find("no water deeper than 100 mm reaches the open side(s) (east, west)"), std::string::npos) << problem; // 5 % of 2 m
    depth(0, depth.height() / 2) = 2.0f; // water at the west side: a sea the current can enter
    EXPECT_EQ(CurrentsSolver::requestProblem(depth, settings), "");
}

// Water shallower than half a metre (or a twentieth of the deepest water, on a shallow map) is
// coast for the current: no face of the grid touches it.
TEST(CurrentsDefaults, ShallowWaterIsCoastForTheCurrent)
{
    const CurrentsSettings settings;
    FloatField depth(4, 2); // the second row dry
    depth(0, 0) = 30.0f;
    depth(1, 0) = 0.6f;
    depth(2, 0) = 0.4f;
    depth(3, 0) = 0.01f;
    EXPECT_FLOAT_EQ(currentDepthThreshold(depth, settings), 0.5f);
    const Lattice lattice(LatticeKind::Square, 4, 2, 2.0);
    const CurrentGrid grid(lattice, depth, settings);
    EXPECT_EQ(grid.wetCount(), 2); // 30 m and 0.6 m
    depth(0, 0) = 2.0f;            // a shallow lagoon keeps its water: 5 % of 2 m
    EXPECT_FLOAT_EQ(currentDepthThreshold(depth, settings), 0.1f);
    EXPECT_EQ(CurrentGrid(lattice, depth, settings).wetCount(), 3);
    depth(0, 0) = 0.0f;
    depth(1, 0) = depth(2, 0) = depth(3, 0) = 0.0005f; // no water: the wet threshold stays
    EXPECT_FLOAT_EQ(currentDepthThreshold(depth, settings), settings.wetDepth);
}

TEST(CurrentsDefaults, TheAutomaticViscosityFollowsTheMapsExtentAndTheFastestCurrent)
{
    CurrentsSettings settings = test::eastwardCurrent(0.4);
    EXPECT_TRUE(settings.automaticViscosity());
    const Lattice square(LatticeKind::Square, 256, 128, 4.0); // 1024 m × 512 m
    EXPECT_DOUBLE_EQ(steadyViscosity(square, settings), 0.4 * 1024.0 / kSteadyReynolds);
    settings.sideSpeed[static_cast<std::size_t>(Side::North)] = -0.8;
    EXPECT_DOUBLE_EQ(effectiveViscosity(square, settings), 0.8 * 1024.0 / kSteadyReynolds);
    settings.viscosity = 0.5;
    EXPECT_DOUBLE_EQ(effectiveViscosity(square, settings), 0.5);
}

// At 1 m²/s the wake behind the island at 128² keeps changing: the answer is the mean of the
// second half of the run, divergence-free like every iteration, and not the last iteration.
TEST(CurrentsDefaults, AViscosityBelowTheSteadyOneGivesATimeAverage)
{
    const Map map = presetIsland(128, 8.0);
    CurrentsSettings settings = test::eastwardCurrent(0.4);
    settings.viscosity = 1.0;
    settings.maxIterations = 40;
    CurrentsSolver solver(map.state.lattice, map.state.depth, settings);
    const CurrentsReport report = solver.solve();
    ASSERT_FALSE(report.converged) << "the test needs a wake that does not settle";
    EXPECT_TRUE(report.timeAveraged);
    EXPECT_EQ(report.averagedIterations, 20);
    EXPECT_LT(report.viscosity, report.steadyViscosity);
    EXPECT_LE(report.divergence, 1e-4);
    EXPECT_EQ(report.divergence, solver.field().relativeDivergence()); // measured on the average

    // One more iteration from the average changes the field by more than the tolerance, as the
    // unsteady wake does; the averaged field is not an iterate the loop produced.
    CurrentsReport more = report;
    EXPECT_GT(solver.iterate(more), settings.tolerance);
}

TEST(CurrentsDefaults, ASteadySolveIsNotAveraged)
{
    const Map map = test::gaussianIsland(LatticeKind::Square, 48, 25, 8.0);
    CurrentsSettings settings = test::eastwardCurrent(0.4);
    settings.maxIterations = 100;
    CurrentsSolver solver(map.state.lattice, map.state.depth, settings);
    const CurrentsReport report = solver.solve();
    EXPECT_TRUE(report.converged);
    EXPECT_FALSE(report.timeAveraged);
    EXPECT_EQ(report.averagedIterations, 0);
}

} // namespace
} // namespace rb
