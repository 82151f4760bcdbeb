#include "io/flow/SpeedPercentile.h"

#include <gtest/gtest.h>

namespace rb {
namespace {

// Water 1 m deep flowing east at 1 m/s everywhere: every x edge carries h·w·1.
MapState eastward(int side)
{
    MapState state(Lattice(LatticeKind::Square, side, side, 2.0));
    state.depth.fill(1.0f);
    state.flows[0].fill(static_cast<float>(state.lattice.family(0).faceWidth));
    return state;
}

TEST(SpeedPercentile, AFewFastFilmCellsMoveTheMaximumButNotThe99thPercentile)
{
    MapState state = eastward(100);
    for (int i = 0; i < 50; ++i) state.depth(i, 7) = 0.01f; // 0.5% of the cells: thin film, 100 m/s
    const auto top = io::wetSpeedPercentile(state, 1.0);
    const auto p99 = io::wetSpeedPercentile(state, 0.99);
    ASSERT_TRUE(top && p99);
    EXPECT_NEAR(top->speed, 100.0, 1e-3);
    EXPECT_NEAR(p99->speed, 1.0, 1e-5);
    EXPECT_EQ(p99->wetCells, 10000u);
}

TEST(SpeedPercentile, DryCellsAreLeftOut)
{
    MapState state = eastward(20);
    for (int x = 0; x < 20; ++x)
        for (int y = 0; y < 10; ++y) state.depth(x, y) = 0.0f; // half the map dry
    for (int x = 0; x < 10; ++x) state.depth(x, 15) = 0.5f;     // 5% of the wet cells at 2 m/s
    const auto p = io::wetSpeedPercentile(state, 0.95);
    ASSERT_TRUE(p);
    EXPECT_EQ(p->wetCells, 200u);
    EXPECT_NEAR(p->speed, 1.0, 1e-5);
    // Just above the 95th rank of the wet cells: the fast ones (with the dry half counted as 0 m/s
    // this rank would still be 1 m/s).
    EXPECT_NEAR(io::wetSpeedPercentile(state, 0.951)->speed, 2.0, 1e-5);
}

TEST(SpeedPercentile, LargeMapsAreSampledWithinTheBound)
{
    MapState state = eastward(1000);
    const auto p = io::wetSpeedPercentile(state, 0.99, 10000);
    ASSERT_TRUE(p);
    EXPECT_LE(p->sampledCells, 10000u);
    EXPECT_GE(p->sampledCells, 2500u); // a sub-grid, not a handful
    EXPECT_NEAR(p->speed, 1.0, 1e-5);
}

TEST(SpeedPercentile, NothingWithoutFlowsOrWater)
{
    MapState still = eastward(10);
    still.flows.clear();
    EXPECT_FALSE(io::wetSpeedPercentile(still, 0.99));
    MapState dry = eastward(10);
    dry.depth.fill(0.0f);
    EXPECT_FALSE(io::wetSpeedPercentile(dry, 0.99));
}

} // namespace
} // namespace rb
