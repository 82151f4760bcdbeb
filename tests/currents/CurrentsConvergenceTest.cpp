// The currents solver reaches its steady state on a generated island within the default iteration
// limit, keeps the divergence bound after every iteration, and gives the same bits on any number
// of threads (docs/solver.md, "Currents").
#include "CurrentsTestMaps.h"

#include "currents/CurrentsSolver.h"

#include <gtest/gtest.h>

#include <iostream>

namespace rb {
namespace {

constexpr double kSpeed = 0.4;

class ConvergingIsland : public ::testing::TestWithParam<LatticeKind> {};

// Before the coast-aware backtrace and the larger default dt, 128² needed about 90 iterations and
// 256² did not settle in 200 (square): a backtrace ending on land brought still water.
TEST_P(ConvergingIsland, ReachesTheSteadyStateWithinTheDefaultLimit)
{
    const Map map = test::generatedIsland(GetParam(), 256);
    const CurrentsSettings settings = test::eastwardCurrent(kSpeed);
    CurrentsSolver solver(map.state.lattice, map.state.depth, settings);
    const CurrentsReport report = solver.solve();
    std::cout << report.iterations << " iterations, residual " << report.residual << ", " << report.cgIterations << " CG iterations, "
              << report.seconds << " s\n";
    EXPECT_TRUE(report.converged);
    EXPECT_LE(report.residual, settings.tolerance);
    EXPECT_LE(report.iterations, settings.maxIterations);
    EXPECT_LE(report.divergence, 1e-4);
}

TEST_P(ConvergingIsland, EveryIterationKeepsTheDivergenceBound)
{
    const Map map = test::generatedIsland(GetParam(), 96);
    CurrentsSettings settings = test::eastwardCurrent(kSpeed);
    settings.maxIterations = 0;
    CurrentsSolver solver(map.state.lattice, map.state.depth, settings);
    CurrentsReport report = solver.solve();
    for (int i = 0; i < 10; ++i) {
        solver.iterate(report);
        EXPECT_LE(solver.field().relativeDivergence(), 1e-4) << "after iteration " << report.iterations;
    }
}

// Every face is advected on its own and every sum runs in one order, whatever the thread count.
TEST_P(ConvergingIsland, OneAndTwoThreadsGiveTheSameBits)
{
    const Map map = test::generatedIsland(GetParam(), 96);
    CurrentsSettings settings = test::eastwardCurrent(kSpeed);
    settings.maxIterations = 10;
    std::vector<std::vector<double>> faces;
    for (int threads : {1, 2}) {
        settings.threadCount = threads;
        CurrentsSolver solver(map.state.lattice, map.state.depth, settings);
        solver.solve();
        faces.push_back(solver.field().faces());
    }
    EXPECT_TRUE(faces[0] == faces[1]);
}

INSTANTIATE_TEST_SUITE_P(Currents, ConvergingIsland, ::testing::Values(LatticeKind::Square, LatticeKind::Triangle),
                         [](const auto& info) { return std::string(latticeKindName(info.param)); });

} // namespace
} // namespace rb
