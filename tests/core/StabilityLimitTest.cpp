// Issue 3: the explicit scheme's stability limit, found by bisection on deep still water with a
// small random perturbation, must match docs/solver.md's bound on σ = g·(A/l)·dt²/S, and the CFL
// number the solver reports must reach 1 there.
#include "solver/CpuSolver.h"
#include "solver/Stability.h"
#include "TestMaps.h"

#include <gtest/gtest.h>

#include <cmath>
#include <iostream>

namespace rb {
namespace {

double largestDeviation(const MapState& state, double level)
{
    double deviation = 0.0;
    for (std::size_t i = 0; i < state.depth.size(); ++i) deviation = std::max(deviation, std::abs(state.bed[i] + state.depth[i] - level));
    return deviation;
}

// Stable means the perturbation has not grown tenfold after 1500 steps (an unstable mode just
// past the limit grows by a factor ~exp(2·sqrt(σ/limit − 1)) per step, so it would be huge).
bool isStable(const Map& map, double dt)
{
    Map trial = map;
    trial.params.dt = dt;
    CpuSolver solver(0, /*refuseAboveCfl=*/false); // we are measuring where the scheme breaks
    solver.load(trial);
    const double initial = largestDeviation(trial.state, 100.0);
    const StepResult result = solver.step(1500);
    return result.ok() && largestDeviation(solver.readState(), 100.0) < 10.0 * initial;
}

class StabilityLimit : public ::testing::TestWithParam<LatticeKind> {};

TEST_P(StabilityLimit, BisectionFindsTheStatedBound)
{
    const Lattice lattice(GetParam(), 48, 48, 1.0);
    Map map = test::basinMap(lattice, FloatField(48, 48));
    const FloatField noise = test::randomDepth(lattice, 71, 1e-3f);
    for (std::size_t i = 0; i < map.state.depth.size(); ++i) map.state.depth[i] = 100.0f + noise[i];
    map.params.pipe = PipeMode::Constant;
    map.params.friction = 0.0;

    double stable = 0.01, unstable = 2.0;
    ASSERT_TRUE(isStable(map, stable));
    ASSERT_FALSE(isStable(map, unstable));
    while (unstable - stable > 1e-3 * stable) {
        const double mid = 0.5 * (stable + unstable);
        (isStable(map, mid) ? stable : unstable) = mid;
    }
    const double area = constantPipeArea(lattice);
    const double sigma = map.params.gravity * area / lattice.family(0).pipeLength * stable * stable / lattice.cellArea();
    SimParams at = map.params;
    at.dt = stable;
    const double cfl = cflNumber(lattice, at, 100.0);
    std::cout << "[ figures  ] " << latticeKindName(GetParam()) << ": largest stable dt " << stable << " s, sigma = " << sigma
              << " (stated bound " << stabilityLimit(GetParam()) << "), reported CFL there " << cfl << "\n";
    RecordProperty("largest_stable_sigma", std::to_string(sigma));
    EXPECT_NEAR(sigma / stabilityLimit(GetParam()), 1.0, 0.05);
    EXPECT_NEAR(cfl, 1.0, 0.05);
}

INSTANTIATE_TEST_SUITE_P(Lattices, StabilityLimit, ::testing::Values(LatticeKind::Square, LatticeKind::Triangle),
                         [](const auto& info) { return std::string(latticeKindName(info.param)); });

// A call refused because the water sped up during it, with the dt fine for the water at its start:
// the advice says so, with that water's limit (dt / its CFL number), instead of asking to lower dt
// below a limit above it. Water already past the limit at the start: lower dt, below dt.
TEST(StabilityAdvice, WaterThatSpedUpDuringTheCallIsNotToldToLowerDtBelowALimitAboveIt)
{
    const Lattice lattice(LatticeKind::Square, 8, 8, 1.0);
    SimParams params;
    params.dt = 0.02;
    params.model = FlowModel::Momentum;
    const std::vector<float> bed(lattice.cellCount(), 0.0f);
    const RefusalContext spedUp{lattice, params, bed, {}, {}, 1.0, 0.25, 40};
    const std::string during = unstableCallMessage(spedUp, "the CFL number rose above 1");
    EXPECT_EQ(during.rfind(kUnstablePrefix, 0), 0u);
    EXPECT_NE(during.find("sped up during the call"), std::string::npos) << during;
    EXPECT_NE(during.find("about 0.08 s"), std::string::npos) << during; // 0.02 s / 0.25
    EXPECT_EQ(during.find("Lower dt"), std::string::npos) << during;

    const RefusalContext beyond{lattice, params, bed, {}, {}, 1.0, 2.0, 40};
    const std::string atStart = unstableCallMessage(beyond, "the CFL number rose above 1");
    EXPECT_NE(atStart.find("Lower dt (now 0.02 s; the stability limit for the water at the call's start is about 0.01 s)"), std::string::npos) << atStart;
}

// The pipes' constant mode makes the wave speed √(g·dx), so their advice names the gravity too;
// the momentum model has no pipe mode and its advice does not.
TEST(StabilityAdvice, OnlyThePipesConstantModeBlamesTheGravity)
{
    const Lattice lattice(LatticeKind::Square, 8, 8, 1.0);
    SimParams params;
    params.dt = 0.02;
    params.pipe = PipeMode::Constant;
    const std::vector<float> bed(lattice.cellCount(), 0.0f);
    params.model = FlowModel::Pipes;
    const std::string pipes = unstableCallMessage({lattice, params, bed, {}, {}, 1.0, 2.0, 40}, "the CFL number rose above 1");
    EXPECT_NE(pipes.find("or the gravity"), std::string::npos) << pipes;
    params.model = FlowModel::Momentum;
    const std::string momentum = unstableCallMessage({lattice, params, bed, {}, {}, 1.0, 2.0, 40}, "the CFL number rose above 1");
    EXPECT_EQ(momentum.find("gravity"), std::string::npos) << momentum;
}

} // namespace
} // namespace rb
