// The time-mean flow (docs/solver.md, "Time-mean flow"; simulate --mean-from): a steady flow's
// mean is its instant; a standing wave's mean over half a period is the analytic 2/π of its peak,
// unlike the snapshots; the steps are weighted by their own dt under the automatic time step
// (the sums are exactly Σ Q·dt of the steps, and weighting the steps equally would differ); the
// window starts at the first step that begins at or after the asked time; a refused call leaves
// no trace in the sums; save, load and resume adds up to the run that was never cut; and the
// OpenCL backend gives the CPU's sums bit for bit. Both flow models, both lattices, both backends.
#include "BackendParam.h"
#include "TestMaps.h"

#include "io/flow/VelocityField.h"
#include "io/map/MapFile.h"
#include "solver/AdaptiveTimeStep.h"
#include "solver/CpuSolver.h"
#include "solver/MeanFlowRecorder.h"

#include <gtest/gtest.h>

#include <cmath>
#include <iostream>
#include <numbers>

namespace rb {
namespace {

constexpr double kMeanFlowG = 9.81;

class MeanFlowTest : public ::testing::TestWithParam<std::tuple<test::BackendLattice, FlowModel>> {
protected:
    const std::string& backend() const { return std::get<0>(GetParam()).backend; }
    LatticeKind kind() const { return std::get<0>(GetParam()).lattice; }
    FlowModel model() const { return std::get<1>(GetParam()); }

    Map withModel(Map map) const
    {
        map.params.model = model();
        map.params.friction = 0.0;
        map.params.viscosity = 0.0;
        map.params.pipe = PipeMode::Depth; // waves at √(g·h), as the momentum model's; the dt then follows the depth
        return map;
    }
};

// A strip 16 rows wide (on the triangle lattice a wall along x is a zig-zag; narrower strips let
// the walls set the wave speed), `length` m long, 1 m cells, a flat bed.
Lattice strip(LatticeKind kind, int length)
{
    return test::latticeOfExtent(kind, length, 16);
}

// The east (x) component of the velocity of the cells of column x, averaged over the strip's rows.
double columnEastVelocity(const MapState& state, int x)
{
    double sum = 0.0;
    for (int y = 0; y < state.lattice.height(); ++y) sum += io::cellVelocity(state, x, y).x;
    return sum / state.lattice.height();
}

// Steps `count` steps, one call per step; `each` after every step.
template <typename Each>
::testing::AssertionResult stepEach(Solver& solver, int count, Each each)
{
    for (int i = 0; i < count; ++i) {
        const StepResult result = AdaptiveTimeStep::step(solver, 1);
        if (!result.ok()) return ::testing::AssertionFailure() << "step refused: " << result.error;
        each();
    }
    return ::testing::AssertionSuccess();
}

// A channel with an inflow at the west end and a sea at the east end: after it settles, its mean
// is its instant.
TEST_P(MeanFlowTest, MeanOfASteadyFlowIsItsInstant)
{
    const Lattice lattice = strip(kind(), 48);
    Map map = withModel(test::basinMap(lattice, FloatField(lattice.width(), lattice.height())));
    test::fillTo(map.state, 1.0f);
    map.params.manning = 0.03;
    map.params.friction = 0.05;
    map.params.dt = 0.05;
    map.boundary = {wholeSide(lattice, Side::West, BoundaryType::Inflow, 8.0), wholeSide(lattice, Side::East, BoundaryType::Sea, 1.0)};
    auto solver = test::loadedSolver(backend(), map);
    ASSERT_TRUE(solver->step(12000).ok()); // 600 s: settled
    const MapState before = solver->readState();
    solver->startMean(solver->diagnostics().time);
    ASSERT_TRUE(solver->step(400).ok());
    const MapState after = solver->readState();
    ASSERT_FALSE(after.meanFlow.empty());
    const MapState mean = io::meanFlowState(after);
    double worst = 0.0, drift = 0.0, speed = 0.0;
    for (int x = 4; x < lattice.width() - 4; ++x) {
        const double instant = columnEastVelocity(after, x);
        speed = std::max(speed, std::abs(instant));
        worst = std::max(worst, std::abs(columnEastVelocity(mean, x) - instant));
        drift = std::max(drift, std::abs(columnEastVelocity(before, x) - instant));
    }
    std::cout << "[ figures  ] steady channel: speed " << speed << " m/s, |mean - instant| " << worst << " m/s, drift over the window " << drift << " m/s\n";
    ASSERT_GT(speed, 0.1) << "the channel must flow";
    ASSERT_LT(drift, 1e-4 * speed) << "not steady: the comparison would prove nothing";
    EXPECT_LT(worst, 1e-4 * speed);
    EXPECT_NEAR(after.meanFlow.to - after.meanFlow.from, after.meanFlow.seconds, 1e-9);
}

// A standing wave in a closed basin L long: η = a·cos(kx)·cos(ωt), u = U·sin(kx)·sin(ωt) with
// k = π/L, ω = k·√(g·h), U = a·√(g/h). Over the first half period the mean velocity is 2/π·U·sin(kx);
// the snapshot at the window's end is near 0 and the one a quarter period in near U.
TEST_P(MeanFlowTest, MeanOfASloshingBasinOverHalfAPeriodIsTwoOverPiOfItsPeak)
{
    const double length = 96.0, depth = 1.0, amplitude = 0.01;
    const Lattice lattice = strip(kind(), static_cast<int>(length));
    Map map = withModel(test::basinMap(lattice, FloatField(lattice.width(), lattice.height())));
    const double k = std::numbers::pi / length, omega = k * std::sqrt(kMeanFlowG * depth), peak = amplitude * std::sqrt(kMeanFlowG / depth);
    for (int y = 0; y < lattice.height(); ++y)
        for (int x = 0; x < lattice.width(); ++x)
            map.state.depth(x, y) = static_cast<float>(depth + amplitude * std::cos(k * lattice.worldPosition(x, y).x));
    const double halfPeriod = std::numbers::pi / omega;
    const int steps = 1000;
    map.params.dt = halfPeriod / steps;
    auto solver = test::loadedSolver(backend(), map);
    solver->startMean(0.0);
    const int middle = lattice.width() / 2;
    double quarterSnapshot = 0.0;
    for (int done = 0; done < steps; done += 50) {
        ASSERT_TRUE(solver->step(50).ok());
        if (done + 50 == steps / 2) quarterSnapshot = columnEastVelocity(solver->readState(), middle);
    }
    const MapState state = solver->readState();
    const double endSnapshot = columnEastVelocity(state, middle);
    const double mean = columnEastVelocity(io::meanFlowState(state), middle);
    const double expected = 2.0 / std::numbers::pi * peak * std::sin(k * lattice.worldPosition(middle, 0).x);
    std::cout << "[ figures  ] slosh: mean " << mean << " m/s, analytic " << expected << ", snapshot at T/4 " << quarterSnapshot << ", at T/2 "
              << endSnapshot << "\n";
    EXPECT_NEAR(mean, expected, 0.03 * expected);
    EXPECT_GT(std::abs(quarterSnapshot - mean), 0.2 * expected) << "the peak snapshot is not the mean";
    EXPECT_GT(std::abs(endSnapshot - mean), 0.5 * expected) << "the last snapshot is not the mean";
    EXPECT_NEAR(state.meanFlow.seconds, halfPeriod, 1e-9);
}

// A dam break under the automatic time step: the dt falls as the water speeds up. The sums are
// exactly Σ Q·dt and Σ h·dt over the steps (summed here from each step's state and dt, in the
// same order), and a mean that weighted every step alike would differ by far more than rounding.
TEST_P(MeanFlowTest, StepsAreWeightedByTheirOwnDtUnderTheAutomaticTimeStep)
{
    const Lattice lattice = strip(kind(), 64);
    Map map = withModel(test::basinMap(lattice, FloatField(lattice.width(), lattice.height())));
    for (int y = 0; y < lattice.height(); ++y)
        for (int x = 0; x < lattice.width(); ++x) map.state.depth(x, y) = x < lattice.width() / 3 ? 2.0f : 0.01f;
    map.params.dt = 0.2;
    map.params.dtMax = 0.2;
    map.params.cflTarget = 0.5;
    auto solver = test::loadedSolver(backend(), map);
    solver->startMean(0.0);
    MeanFlow timeWeighted(lattice), equal(lattice);
    double smallestDt = 1e9, largestDt = 0.0;
    ASSERT_TRUE(stepEach(*solver, 300, [&] {
        const MapState s = solver->readState();
        const double dt = solver->params().dt;
        smallestDt = std::min(smallestDt, dt);
        largestDt = std::max(largestDt, dt);
        accumulateMeanFlow(timeWeighted.flowSums[0].data(), s.flows[0].data(), s.flows[0].size(), dt);
        accumulateMeanFlow(timeWeighted.depthSums.data(), s.depth.data(), s.depth.size(), dt);
        accumulateMeanFlow(equal.flowSums[0].data(), s.flows[0].data(), s.flows[0].size(), 1.0);
        timeWeighted.seconds += dt;
        equal.seconds += 1.0;
    }));
    const MeanFlow& recorded = solver->readState().meanFlow;
    std::cout << "[ figures  ] automatic dt from " << smallestDt << " to " << largestDt << " s\n";
    ASSERT_GT(largestDt / smallestDt, 1.2) << "the dt must vary for the weighting to matter";
    EXPECT_TRUE(recorded.flowSums[0] == timeWeighted.flowSums[0]);
    EXPECT_TRUE(recorded.depthSums == timeWeighted.depthSums);
    EXPECT_EQ(recorded.seconds, timeWeighted.seconds);
    // Weighting the steps alike moves the mean discharges by much more than any rounding.
    double largestFlow = 0.0, largestShift = 0.0;
    for (std::size_t i = 0; i < recorded.flowSums[0].size(); ++i) {
        const double byTime = recorded.flowSums[0][i] / recorded.seconds, bySteps = equal.flowSums[0][i] / equal.seconds;
        largestFlow = std::max(largestFlow, std::abs(byTime));
        largestShift = std::max(largestShift, std::abs(byTime - bySteps));
    }
    std::cout << "[ figures  ] equal weights would move the mean discharge by " << largestShift << " of " << largestFlow << " m³/s\n";
    EXPECT_GT(largestShift, 0.02 * largestFlow);
}

// --mean-from T: a step under way at T is left out; the window starts where the next one begins.
TEST_P(MeanFlowTest, WindowStartsAtTheFirstStepBeginningAtOrAfterTheAskedTime)
{
    const Lattice lattice = strip(kind(), 32);
    Map map = withModel(test::basinMap(lattice, test::roughTerrain(lattice, 5, 0.5f)));
    test::fillTo(map.state, 1.0f);
    map.params.dt = 0.125;
    auto solver = test::loadedSolver(backend(), map);
    solver->startMean(0.55); // inside the fifth step (0.5 … 0.625 s)
    ASSERT_TRUE(solver->step(4).ok());
    EXPECT_TRUE(solver->readState().meanFlow.empty()) << "no step began at or after 0.55 s yet";
    ASSERT_TRUE(solver->step(8).ok());
    const MeanFlow mean = solver->readState().meanFlow;
    ASSERT_FALSE(mean.empty());
    EXPECT_EQ(mean.from, 0.625);
    EXPECT_EQ(mean.to, 1.5);
    EXPECT_EQ(mean.seconds, 7 * 0.125);
}

// Saved part-way and resumed, the mean adds up to the uninterrupted run's, bit for bit; a resume
// that would leave steps out is refused.
TEST_P(MeanFlowTest, SaveLoadAndResumeGivesTheUncutRunsSums)
{
    const Lattice lattice = strip(kind(), 40);
    Map map = withModel(test::basinMap(lattice, test::roughTerrain(lattice, 9, 0.5f)));
    test::fillTo(map.state, 1.0f);
    map.params.dt = 0.02;
    map.boundary = {wholeSide(lattice, Side::West, BoundaryType::Inflow, 3.0), wholeSide(lattice, Side::East, BoundaryType::Sea, 1.0)};
    auto whole = test::loadedSolver(backend(), map);
    whole->startMean(0.5);
    ASSERT_TRUE(whole->step(200).ok());
    auto first = test::loadedSolver(backend(), map);
    first->startMean(0.5);
    ASSERT_TRUE(first->step(120).ok());
    QString error;
    const std::optional<Map> saved = io::decodeMap(io::encodeMap(first->readMap()), &error);
    ASSERT_TRUE(saved) << error.toStdString();
    auto second = test::loadedSolver(backend(), *saved);
    const MeanFlow firstMean = first->readState().meanFlow;
    const MeanFlow secondMean = second->readState().meanFlow;
    EXPECT_TRUE(secondMean == firstMean) << "window " << secondMean.from << "–" << secondMean.to << " (" << secondMean.seconds << " s) against "
                                         << firstMean.from << "–" << firstMean.to << " (" << firstMean.seconds << " s)";
    second->resumeMean();
    ASSERT_TRUE(second->step(80).ok());
    EXPECT_TRUE(second->readState().meanFlow == whole->readState().meanFlow);
    // A map stepped on without recording has a mean that no longer reaches its time.
    auto gap = test::loadedSolver(backend(), *saved);
    ASSERT_TRUE(gap->step(1).ok());
    EXPECT_THROW(gap->resumeMean(), std::invalid_argument);
}

// A refused call (an unstable dt) leaves the window and the sums as they were before it.
TEST_P(MeanFlowTest, RefusedCallLeavesTheMeanAsItWas)
{
    const Lattice lattice = strip(kind(), 32);
    Map map = withModel(test::basinMap(lattice, test::roughTerrain(lattice, 3, 0.5f)));
    test::fillTo(map.state, 1.0f);
    map.params.dt = 0.02;
    map.boundary = {wholeSide(lattice, Side::West, BoundaryType::Inflow, 3.0), wholeSide(lattice, Side::East, BoundaryType::Sea, 1.0)};
    auto solver = test::loadedSolver(backend(), map);
    solver->startMean(0.0);
    ASSERT_TRUE(solver->step(50).ok());
    const MeanFlow before = solver->readState().meanFlow;
    SimParams reckless = solver->params();
    reckless.dt = 5.0; // far beyond the CFL limit
    solver->setParams(reckless);
    EXPECT_FALSE(solver->step(20).ok());
    EXPECT_TRUE(solver->readState().meanFlow == before);
}

INSTANTIATE_TEST_SUITE_P(BothModels, MeanFlowTest, ::testing::Combine(test::allBackendLattices(), ::testing::Values(FlowModel::Pipes, FlowModel::Momentum)),
                         [](const auto& info) {
                             return test::nameOf(std::get<0>(info.param)) + "_" + std::string(flowModelName(std::get<1>(info.param)));
                         });

// The OpenCL backend records the CPU's sums bit for bit, in both models, on a map with every way in
// and out (inflow, sea, outflow, a spring, a drain, rain).
class MeanFlowBackends : public ::testing::TestWithParam<std::tuple<LatticeKind, FlowModel>> {};

TEST_P(MeanFlowBackends, OpenClSumsAreTheCpusBitForBit)
{
    const auto [kind, model] = GetParam();
    const Lattice lattice(kind, 96, 80, 1.0);
    Map map = test::basinMap(lattice, test::roughTerrain(lattice, 17, 2.0f));
    test::fillTo(map.state, 1.2f);
    map.params.model = model;
    map.params.manning = model == FlowModel::Momentum ? 0.03 : 0.0;
    map.params.dt = 0.02;
    map.params.rain = 1e-4;
    map.boundary = {wholeSide(lattice, Side::West, BoundaryType::Inflow, 6.0), wholeSide(lattice, Side::East, BoundaryType::Sea, 1.4),
                    {Side::South, 10, 40, BoundaryType::Outflow, 0.0}};
    map.sources = {{PointSource::Kind::Spring, 30.0, 30.0, 1.0, false}, {PointSource::Kind::Drain, 60.0, 40.0, 0.5, false}};
    auto cpu = test::loadedSolver("cpu", map);
    auto gpu = test::loadedSolver("opencl", map);
    for (Solver* solver : {cpu.get(), gpu.get()}) {
        solver->startMean(0.3);
        ASSERT_TRUE(solver->step(300).ok());
    }
    const MapState a = cpu->readState(), b = gpu->readState();
    ASSERT_TRUE(a.flows == b.flows) << "the water itself must agree first";
    ASSERT_FALSE(a.meanFlow.empty());
    EXPECT_TRUE(a.meanFlow == b.meanFlow);
}

INSTANTIATE_TEST_SUITE_P(BothModels, MeanFlowBackends,
                         ::testing::Combine(::testing::Values(LatticeKind::Square, LatticeKind::Triangle), ::testing::Values(FlowModel::Pipes, FlowModel::Momentum)),
                         [](const auto& info) {
                             return std::string(latticeKindName(std::get<0>(info.param))) + "_" + std::string(flowModelName(std::get<1>(info.param)));
                         });

} // namespace
} // namespace rb
