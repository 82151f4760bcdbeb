// A symmetric island in a uniform current gives a mirror-symmetric current; the balance rule; the
// report of a solve.
#include "CurrentsTestMaps.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <iostream>

namespace rb {
namespace {

// Both lattices are symmetric about their middle row when it is a row of cells, i.e. with an odd
// number of rows (the triangle lattice's rows keep their parity under that mirror, and its y and z
// families trade places). The mirror maps east to east and south to north.
double mirrorError(const CurrentsSolver& solver)
{
    const FloatField east = solver.east(), south = solver.south();
    const int w = east.width(), h = east.height();
    double worst = 0.0, fastest = 0.0;
    for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x) {
            const double eastError = std::abs(east(x, y) - east(x, h - 1 - y)), southError = std::abs(south(x, y) + south(x, h - 1 - y));
            worst = std::max({worst, eastError, southError});
            fastest = std::max(fastest, static_cast<double>(std::hypot(east(x, y), south(x, y))));
        }
    return worst / fastest;
}

class SymmetricIsland : public ::testing::TestWithParam<LatticeKind> {};

TEST_P(SymmetricIsland, GivesAMirrorSymmetricCurrent)
{
    const Map map = test::gaussianIsland(GetParam(), 80, 41, 8.0);
    CurrentsSettings settings = test::eastwardCurrent(0.5);
    settings.maxIterations = 20;
    CurrentsSolver solver(map.state.lattice, map.state.depth, settings);
    const CurrentsReport report = solver.solve();
    const double error = mirrorError(solver);
    std::cout << "mirror error " << error << " after " << report.iterations << " iterations\n";
    EXPECT_GT(report.maxSpeed, 0.5);
    EXPECT_LE(error, 1e-4);
}

INSTANTIATE_TEST_SUITE_P(Currents, SymmetricIsland, ::testing::Values(LatticeKind::Square, LatticeKind::Triangle),
                         [](const auto& info) { return std::string(latticeKindName(info.param)); });

TEST(CurrentsBalance, UnbalancedCurrentsScaleTheOutflowAndSayHow)
{
    const Map map = test::gaussianIsland(LatticeKind::Square, 48, 25, 8.0);
    CurrentsSettings settings = test::eastwardCurrent(0.4);
    settings.sideSpeed[static_cast<std::size_t>(Side::East)] = -0.2; // half as much leaves as enters
    settings.maxIterations = 0;
    CurrentsSolver solver(map.state.lattice, map.state.depth, settings);
    const CurrentsReport report = solver.solve();
    EXPECT_FALSE(report.balance.balanced);
    EXPECT_NEAR(report.balance.outflow, 0.5 * report.balance.inflow, 1e-9 * report.balance.inflow);
    EXPECT_NEAR(report.balance.outflowScale(), 2.0, 1e-9);
    EXPECT_LE(report.divergence, 1e-4);
}

TEST(CurrentsBalance, ASeaWithOnlyAnInflowIsClosed)
{
    const Map map = test::gaussianIsland(LatticeKind::Square, 48, 25, 8.0);
    CurrentsSettings settings;
    settings.sideSpeed[static_cast<std::size_t>(Side::West)] = 0.4; // nowhere to go
    CurrentsSolver solver(map.state.lattice, map.state.depth, settings);
    const CurrentsReport report = solver.solve();
    EXPECT_EQ(report.balance.closedSeas, 1);
    EXPECT_EQ(report.maxSpeed, 0.0);
}

TEST(CurrentsBalance, ManyLonePondsNeedNoCurrentAndStopTheCoarsening)
{
    // A checkerboard of water and land: 1250 wet cells, none connected, none on an open side.
    Map map;
    map.state = MapState(Lattice(LatticeKind::Square, 50, 50, 5.0));
    for (int y = 0; y < 50; ++y)
        for (int x = 0; x < 50; ++x) map.state.depth(x, y) = (x + y) % 2 == 0 ? 1.0f : 0.0f;
    CurrentsSolver solver(map.state.lattice, map.state.depth, test::eastwardCurrent(0.4));
    const CurrentsReport report = solver.solve();
    EXPECT_EQ(solver.grid().componentCount(), 1250);
    EXPECT_EQ(report.maxSpeed, 0.0);
    EXPECT_LE(report.divergence, 1e-4);
}

TEST(CurrentsReport, CountsIterationsAndTimeAndStopsAtTheTolerance)
{
    const Map map = test::gaussianIsland(LatticeKind::Square, 48, 25, 8.0);
    CurrentsSettings settings = test::eastwardCurrent(0.4);
    settings.tolerance = 1e-3;
    CurrentsSolver solver(map.state.lattice, map.state.depth, settings);
    const CurrentsReport report = solver.solve();
    EXPECT_TRUE(report.converged);
    EXPECT_GT(report.iterations, 1);
    EXPECT_LT(report.iterations, settings.maxIterations);
    EXPECT_LE(report.residual, settings.tolerance);
    EXPECT_GT(report.cgIterations, report.iterations);
    // The last projection stopped at its relative residual or at a divergence far below the bound.
    EXPECT_TRUE(report.cgResidual <= settings.cgTolerance || report.divergence <= 10 * settings.divergenceTolerance) << report.cgResidual;
    EXPECT_GT(report.seconds, 0.0);
    EXPECT_GT(report.dt, 0.0);
}

} // namespace
} // namespace rb
