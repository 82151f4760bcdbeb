// The Currents dock's solve (issue 13): CurrentsJob loops CurrentsSolver::iterate() itself to
// report progress and honour a cancel, and must give what CurrentsSolver::solve() gives, bit for
// bit; a cancel leaves nothing to store.
#include "currents/CurrentsSolver.h"
#include "document/CurrentsJob.h"
#include "model/BoundarySegment.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstring>

namespace rb {
namespace {

// A channel 3 m deep with a round island in the middle (the depth-weighted current has to go round it).
MapState islandChannel(LatticeKind kind)
{
    MapState state(Lattice(kind, 64, 32, 2.0));
    for (int y = 0; y < 32; ++y)
        for (int x = 0; x < 64; ++x) {
            const double r2 = (x - 32.0) * (x - 32.0) + (y - 16.0) * (y - 16.0);
            state.bed(x, y) = static_cast<float>(-3.0 + 5.0 * std::exp(-r2 / 40.0));
            state.depth(x, y) = std::max(0.0f, -state.bed(x, y));
        }
    return state;
}

CurrentsSettings eastward(int maxIterations)
{
    CurrentsSettings settings;
    settings.sideSpeed[static_cast<std::size_t>(Side::West)] = 0.4;
    settings.sideSpeed[static_cast<std::size_t>(Side::East)] = -0.4;
    settings.maxIterations = maxIterations;
    return settings;
}

bool sameBytes(const FloatField& a, const FloatField& b)
{
    return a.size() == b.size() && std::memcmp(a.values().data(), b.values().data(), a.size() * sizeof(float)) == 0;
}

class CurrentsJobTest : public ::testing::TestWithParam<LatticeKind> {};

TEST_P(CurrentsJobTest, GivesWhatTheSolversOwnSolveGivesAndReportsEveryIteration)
{
    const MapState water = islandChannel(GetParam());
    const CurrentsSettings settings = eastward(15);
    CurrentsSolver reference(water.lattice, water.depth, settings);
    const CurrentsReport expected = reference.solve();

    editor::CurrentsJob job(settings);
    std::vector<int> reported;
    const editor::CurrentsOutcome outcome = job.run(water, [&](int iteration, double residual) {
        reported.push_back(iteration);
        EXPECT_GT(residual, 0.0);
    });
    ASSERT_TRUE(outcome.ok()) << outcome.error;
    EXPECT_EQ(outcome.report.iterations, expected.iterations);
    EXPECT_EQ(outcome.report.cgIterations, expected.cgIterations);
    EXPECT_EQ(outcome.report.residual, expected.residual);
    EXPECT_EQ(outcome.report.converged, expected.converged);
    EXPECT_EQ(outcome.report.divergence, expected.divergence);
    EXPECT_EQ(outcome.report.maxSpeed, expected.maxSpeed);
    EXPECT_EQ(outcome.report.timeAveraged, expected.timeAveraged);
    EXPECT_EQ(outcome.report.averagedIterations, expected.averagedIterations);
    ASSERT_EQ(outcome.fields.cells.size(), 2u);
    EXPECT_TRUE(sameBytes(outcome.fields.cells[0], reference.east()));
    EXPECT_TRUE(sameBytes(outcome.fields.cells[1], reference.south()));
    EXPECT_FALSE(outcome.fields.flows.empty());
    ASSERT_EQ(static_cast<int>(reported.size()), expected.iterations);
    for (std::size_t i = 0; i < reported.size(); ++i) EXPECT_EQ(reported[i], static_cast<int>(i) + 1);
    // Upstream of the island the water flows east.
    EXPECT_GT(outcome.fields.cells[0](3, 16), 0.2f);
}

// A solve that does not settle ends with the time average of its second half, in the job as in solve().
TEST_P(CurrentsJobTest, AnUnsteadySolveGivesTheSameTimeAverageAsTheSolver)
{
    const MapState water = islandChannel(GetParam());
    CurrentsSettings settings = eastward(6);
    settings.viscosity = 0.01;
    settings.tolerance = 1e-12;
    CurrentsSolver reference(water.lattice, water.depth, settings);
    const CurrentsReport expected = reference.solve();
    ASSERT_TRUE(expected.timeAveraged);
    const editor::CurrentsOutcome outcome = editor::CurrentsJob(settings).run(water);
    ASSERT_TRUE(outcome.ok()) << outcome.error;
    EXPECT_TRUE(outcome.report.timeAveraged);
    EXPECT_EQ(outcome.report.averagedIterations, 3);
    EXPECT_EQ(outcome.report.divergence, expected.divergence);
    EXPECT_TRUE(sameBytes(outcome.fields.cells[0], reference.east()));
    EXPECT_TRUE(sameBytes(outcome.fields.cells[1], reference.south()));
}

TEST_P(CurrentsJobTest, ACancelStopsBeforeTheNextIterationAndLeavesNothingToStore)
{
    const MapState water = islandChannel(GetParam());
    CurrentsSettings settings = eastward(100000);
    settings.tolerance = 1e-12; // never steady: only the cancel ends it
    editor::CurrentsJob job(settings);
    int last = 0;
    const editor::CurrentsOutcome outcome = job.run(water, [&](int iteration, double) {
        last = iteration;
        if (iteration == 3) job.cancel();
    });
    EXPECT_TRUE(outcome.cancelled);
    EXPECT_FALSE(outcome.ok());
    EXPECT_EQ(last, 3);
    EXPECT_EQ(outcome.report.iterations, 3);
    EXPECT_TRUE(outcome.fields.empty());
    EXPECT_TRUE(outcome.fields.flows.empty());
}

TEST_P(CurrentsJobTest, NoIterationsGiveThePotentialFlow)
{
    const MapState water = islandChannel(GetParam());
    editor::CurrentsJob job(eastward(0));
    int calls = 0;
    const editor::CurrentsOutcome outcome = job.run(water, [&](int, double) { ++calls; });
    ASSERT_TRUE(outcome.ok());
    EXPECT_EQ(calls, 0);
    EXPECT_EQ(outcome.report.iterations, 0);
    EXPECT_TRUE(outcome.report.converged);
    EXPECT_GT(outcome.report.maxSpeed, 0.3);
}

// Nothing to solve and a current that would write NaN are the job's error, with the reason, and
// nothing to store (the editor shows the error rather than a current of zeros or NaN).
TEST_P(CurrentsJobTest, ADryMapOrAnAbsurdSpeedIsRefusedWithTheReason)
{
    MapState dry = islandChannel(GetParam());
    dry.depth.fill(0.0f);
    const editor::CurrentsOutcome none = editor::CurrentsJob(eastward(5)).run(dry);
    EXPECT_FALSE(none.ok());
    EXPECT_NE(none.error.find("holds no water"), std::string::npos) << none.error;
    EXPECT_TRUE(none.fields.cells.empty());
    CurrentsSettings absurd = eastward(5);
    absurd.sideSpeed[static_cast<std::size_t>(Side::West)] = 1e300;
    const editor::CurrentsOutcome nan = editor::CurrentsJob(absurd).run(islandChannel(GetParam()));
    EXPECT_FALSE(nan.ok());
    EXPECT_NE(nan.error.find("west side must be a speed within"), std::string::npos) << nan.error;
}

INSTANTIATE_TEST_SUITE_P(Lattices, CurrentsJobTest, ::testing::Values(LatticeKind::Square, LatticeKind::Triangle),
                         [](const ::testing::TestParamInfo<LatticeKind>& info) { return info.param == LatticeKind::Square ? "Square" : "Triangle"; });

} // namespace
} // namespace rb
