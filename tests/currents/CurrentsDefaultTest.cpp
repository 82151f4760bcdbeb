// The currents' defaults settle (issue 32, part 5): on the editor's start-up island (256², 4 m
// cells) and on the island preset at its default size (512², 2 m cells), West +0.4 and East −0.4
// m/s with every other setting at its default give a steady current within the default
// iteration limit. With the old default viscosity (1 m²/s) neither settles in 200 iterations
// (docs/solver.md, "Currents", "Default viscosity"). A viscosity below what the wake needs gives
// the time average of the second half of the run, and says so.
#include "CurrentsTestMaps.h"

#include "currents/CurrentsSolver.h"
#include "currents/SteadyViscosity.h"
#include "generator/TerrainGenerator.h"

#include <gtest/gtest.h>

#include <iostream>

namespace rb {
namespace {

// The island preset with nothing but its size and cell size changed, as the editor generates its
// start-up map (MainWindow's EditorOptions) and `riverbed-cli generate --preset island` its default.
Map presetIsland(int size, double cellSize)
{
    gen::GeneratorSettings settings(gen::Preset::Island);
    settings.common.width = size;
    settings.common.height = size;
    settings.common.cellSize = cellSize;
    gen::GenerationResult result = gen::generateMap(settings);
    EXPECT_TRUE(result.ok()) << result.error;
    return result.map;
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
