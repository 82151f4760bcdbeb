// How many steps a playing call runs (issue 32): about the budget, and where that is less than a
// tile of 16 steps, the power of two cheapest per step, found by doubling while it pays and the
// call stays short (the CPU pipes at 4096² ran about three times slower per step in the one-step
// calls a frame-long budget gave them).
#include "document/SimulationRunnerBatch.h"

#include <gtest/gtest.h>

#include <vector>

namespace {

using rb::editor::SimulationRunnerBatch;
constexpr double kMs = 1e6;

TEST(SimulationRunnerBatchTest, FirstCallRunsTheSubstepsAlone)
{
    SimulationRunnerBatch batch;
    EXPECT_EQ(batch.next(1, 100 * kMs), 1);
    EXPECT_EQ(batch.next(3, 100 * kMs), 3);
}

TEST(SimulationRunnerBatchTest, FastStepsFillTheBudget)
{
    SimulationRunnerBatch batch;
    batch.record(1, 2 * kMs); // 2 ms a step: 50 in a 100 ms budget
    EXPECT_EQ(batch.next(1, 100 * kMs), 50);
    EXPECT_EQ(batch.next(4, 100 * kMs), 48); // whole multiples of the substeps
}

// A tiled solver: per step, a fixed 240 ms of load and store per call spread over its steps, plus 60 ms.
double tiledNs(int steps)
{
    return steps * 60 * kMs + 240 * kMs;
}

TEST(SimulationRunnerBatchTest, SlowStepsClimbToTheCheapestTile)
{
    SimulationRunnerBatch batch;
    long long stepsSoFar = 0;
    std::vector<int> sizes;
    for (int call = 0; call < 12; ++call) {
        const int steps = call == 0 ? 1 : batch.next(1, 100 * kMs, stepsSoFar);
        sizes.push_back(steps);
        batch.record(steps, tiledNs(steps));
        stepsSoFar += steps;
    }
    // 1, then 1 more to reach a multiple of 2, then 2 → 4 → 8 → 16 (each doubling paid: 300, 180,
    // 120, 90, 75 ms a step), each call ending on a multiple of its size, 16 from then on.
    EXPECT_EQ(sizes, (std::vector<int>{1, 1, 2, 4, 8, 16, 16, 16, 16, 16, 16, 16}));
    EXPECT_DOUBLE_EQ(batch.nsPerStep(16), 75 * kMs);
}

TEST(SimulationRunnerBatchTest, CallsEndOnAMultipleOfTheirSize)
{
    SimulationRunnerBatch batch;
    batch.record(1, tiledNs(1));
    batch.record(2, tiledNs(2));
    batch.record(4, tiledNs(4));
    batch.record(8, tiledNs(8));
    batch.record(16, tiledNs(16));
    EXPECT_EQ(batch.next(1, 100 * kMs, 21), 11); // to step 32: the dt's period and the tile start there
    EXPECT_EQ(batch.next(1, 100 * kMs, 32), 16);
}

TEST(SimulationRunnerBatchTest, NoClimbWhereDoublingDoesNotPayOrLastsTooLong)
{
    SimulationRunnerBatch untiled; // 100 ms a step however called: 2 steps cost the same per step
    untiled.record(1, 100 * kMs);
    EXPECT_EQ(untiled.next(1, 100 * kMs, 0), 2); // one try
    untiled.record(2, 200 * kMs);
    EXPECT_EQ(untiled.next(1, 100 * kMs, 2), 1); // did not pay: back to the budget's fit
    SimulationRunnerBatch littleGain; // 2 steps 10 % cheaper per step: kept, but 4 are not tried
    littleGain.record(1, 100 * kMs);
    littleGain.record(2, 180 * kMs);
    EXPECT_EQ(littleGain.next(1, 100 * kMs, 4), 2);
    SimulationRunnerBatch slow; // 2 s a step: two would last 4 s
    slow.record(1, 2000 * kMs);
    EXPECT_EQ(slow.next(1, 100 * kMs, 0), 1);
}

TEST(SimulationRunnerBatchTest, ResetForgetsTheSolver)
{
    SimulationRunnerBatch batch;
    batch.record(1, 2 * kMs);
    batch.reset();
    EXPECT_EQ(batch.next(1, 100 * kMs), 1);
}

} // namespace
