// What simulate --scaling-report gathers (core/distributed/ScalingMeter): a rank's figures survive
// the trip through MPI's doubles, rank after rank, and a span adds the time it lasted.
#include "distributed/ScalingMeter.h"

#include <gtest/gtest.h>

#include <chrono>
#include <thread>

namespace rb {
namespace {

RankScaling figures(int seed)
{
    const double s = seed;
    return {{1.5 + s, 1.25 + s, 1.0 + s, 0.5 + s, 0.25 + s, 123456789012 + seed, 32 + seed, 4 + seed}, 1092 * 16384 + seed, 1024 * 16384 + seed};
}

void expectSame(const RankScaling& a, const RankScaling& b)
{
    EXPECT_EQ(a.totals.stepSeconds, b.totals.stepSeconds);
    EXPECT_EQ(a.totals.computeSeconds, b.totals.computeSeconds);
    EXPECT_EQ(a.totals.computeCpuSeconds, b.totals.computeCpuSeconds);
    EXPECT_EQ(a.totals.exchangeSeconds, b.totals.exchangeSeconds);
    EXPECT_EQ(a.totals.reduceSeconds, b.totals.reduceSeconds);
    EXPECT_EQ(a.totals.haloBytes, b.totals.haloBytes);
    EXPECT_EQ(a.totals.steps, b.totals.steps);
    EXPECT_EQ(a.totals.exchanges, b.totals.exchanges);
    EXPECT_EQ(a.cells, b.cells);
    EXPECT_EQ(a.ownedCells, b.ownedCells);
}

TEST(ScalingMeter, RanksSurviveThePackingInRankOrder)
{
    std::vector<double> gathered; // as MPI_Gatherv concatenates them on rank 0
    for (int r = 0; r < 3; ++r) {
        const std::vector<double> packed = ScalingMeter::pack(figures(r));
        gathered.insert(gathered.end(), packed.begin(), packed.end());
    }
    const std::vector<RankScaling> ranks = ScalingMeter::unpack(gathered);
    ASSERT_EQ(ranks.size(), 3u);
    for (int r = 0; r < 3; ++r) expectSame(ranks[static_cast<std::size_t>(r)], figures(r));
}

TEST(ScalingMeter, SpanAddsItsWallAndCpuTime)
{
    double wall = 1.0, cpu = 2.0;
    {
        const ScalingMeter::Span span(wall, &cpu);
        std::this_thread::sleep_for(std::chrono::milliseconds(20)); // wall time, next to no CPU time
        const double busyUntil = ScalingMeter::cpuNow() + 0.02;
        while (ScalingMeter::cpuNow() < busyUntil) {} // CPU time too
    }
    EXPECT_GE(wall, 1.0 + 0.039);
    EXPECT_GE(cpu, 2.0 + 0.019);
    EXPECT_LT(cpu - 2.0, wall - 1.0 + 0.005); // a single thread cannot use more CPU than wall time
}

} // namespace
} // namespace rb
