// The currents solver on a generated island in a current flowing east (docs/solver.md, "Currents"):
// the lake equations' constraint, no flow into land, the prescribed current far from land, the
// balance rule, and the report.
#include "CurrentsTestMaps.h"

#include "currents/CurrentsSolver.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <iostream>
#include <map>
#include <memory>

namespace rb {
namespace {

constexpr double kSolverSpeed = 0.4;

CurrentsSettings islandSettings()
{
    CurrentsSettings s = test::eastwardCurrent(kSolverSpeed);
    s.maxIterations = 20;
    return s;
}

// The island and its current, solved once per lattice for the tests that only look at it.
struct SolvedIsland {
    Map map;
    std::unique_ptr<CurrentsSolver> solver;
    CurrentsReport report;
};

const SolvedIsland& solvedIsland(LatticeKind kind)
{
    static std::map<LatticeKind, SolvedIsland> cache;
    const auto [it, fresh] = cache.try_emplace(kind);
    SolvedIsland& solved = it->second;
    if (fresh) {
        solved.map = test::generatedIsland(kind, 96);
        solved.solver = std::make_unique<CurrentsSolver>(solved.map.state.lattice, solved.map.state.depth, islandSettings());
        solved.report = solved.solver->solve();
    }
    return solved;
}

class GeneratedIsland : public ::testing::TestWithParam<LatticeKind> {};

TEST_P(GeneratedIsland, ProjectedCurrentIsFreeOfDivergence)
{
    const CurrentsReport& report = solvedIsland(GetParam()).report;
    std::cout << "divergence " << report.divergence << ", " << report.iterations << " iterations, " << report.cgIterations << " CG iterations, residual "
              << report.residual << ", " << report.seconds << " s\n";
    EXPECT_LE(report.divergence, 1e-4);
    EXPECT_GT(report.maxSpeed, kSolverSpeed); // the current speeds up past the island
}

TEST_P(GeneratedIsland, NoFlowThroughTheCoast)
{
    const SolvedIsland& island = solvedIsland(GetParam());
    const CurrentsSolver& solver = *island.solver;
    const Lattice& lattice = island.map.state.lattice;
    const float wetDepth = islandSettings().wetDepth;
    int coastEdges = 0;
    double coastFlux = 0.0;
    for (int y = 0; y < lattice.height(); ++y)
        for (int x = 0; x < lattice.width(); ++x)
            for (int f = 0; f < lattice.familyCount(); ++f) {
                const CellOffset t = lattice.family(f).tailOffset(y);
                if (!lattice.contains(x + t.dx, y + t.dy)) continue;
                // Land by the map's own depth, not by the solver's idea of it.
                const FloatField& depth = island.map.state.depth;
                const bool headWet = depth(x, y) > wetDepth, tailWet = depth(x + t.dx, y + t.dy) > wetDepth;
                if (headWet == tailWet) continue;
                ++coastEdges;
                coastFlux += std::abs(solver.field().edgeFlux(f, x, y));
            }
    ASSERT_GT(coastEdges, 50);
    EXPECT_EQ(coastFlux, 0.0);
    // What enters through the west side leaves through the east side, none into land: every
    // cell's net outflow vanishes (relative to the inflow).
    double worst = 0.0;
    for (double q : solver.field().netOutflow()) worst = std::max(worst, std::abs(q));
    EXPECT_LE(worst, 1e-6 * island.report.balance.inflow);
}

// The current an island leaves in a walled channel dies away upstream within a channel width or
// so (the channel's modes decay like exp(−π·x/W)); downstream the island's wake goes on. So the far
// field is what lies more than 1.25 channel widths upstream of all land.
TEST_P(GeneratedIsland, FarUpstreamTheCurrentIsThePrescribedOne)
{
    const Map map = test::paddedIsland(GetParam(), 64, 96);
    const CurrentsSettings s = islandSettings();
    CurrentsSolver solver(map.state.lattice, map.state.depth, s);
    solver.solve();
    const Lattice& lattice = map.state.lattice;
    const std::vector<double> distance = test::distanceToLand(lattice, map.state.depth, s.wetDepth);
    const FloatField east = solver.east(), south = solver.south();
    double worst = 0.0;
    int far = 0;
    for (int y = 0; y < lattice.height(); ++y)
        for (int x = 0; x < lattice.width() / 2; ++x) {
            if (distance[lattice.index(x, y)] < 1.25 * lattice.worldHeight()) continue;
            ++far;
            const double error = std::abs(std::hypot(east(x, y), south(x, y)) - kSolverSpeed) / kSolverSpeed;
            worst = std::max(worst, error);
        }
    std::cout << far << " far cells, worst relative speed error " << worst << "\n";
    ASSERT_GT(far, 1000);
    EXPECT_LE(worst, 0.02);
}

INSTANTIATE_TEST_SUITE_P(Currents, GeneratedIsland, ::testing::Values(LatticeKind::Square, LatticeKind::Triangle),
                         [](const auto& info) { return std::string(latticeKindName(info.param)); });

} // namespace
} // namespace rb
