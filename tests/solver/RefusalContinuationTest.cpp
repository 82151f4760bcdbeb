// A refused call leaves the state as it was, and the run goes on from there as if the call had
// never been made: on OpenCL the state lives in three sets on the device, the call's steps write
// the two it did not start from, and a refusal makes the starting one current again. Calls of odd
// and even lengths, refused ones in between, must step through the sets and still give the CPU
// solver's answers.
#include "BackendParam.h"
#include "TestMaps.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <utility>

namespace rb {
namespace {

class RefusalContinuation : public ::testing::TestWithParam<LatticeKind> {
protected:
    Map floodableMap(FlowModel model) const
    {
        const Lattice lattice(GetParam(), 40, 30, 1.0);
        Map map = test::basinMap(lattice, test::roughTerrain(lattice, 23, 1.0f));
        test::fillTo(map.state, 1.2f);
        map.state.depth(20, 15) += 0.5f;
        map.params.dt = 0.03;
        map.params.model = model;
        map.boundary = {wholeSide(lattice, Side::West, BoundaryType::Inflow, 3.0), wholeSide(lattice, Side::East, BoundaryType::Outflow, 0.0)};
        return map;
    }

    // Calls of odd and even lengths on both backends, each followed by a flood through the west
    // side: the depth, so the CFL number, rises past 1 within a few steps, and the call is refused
    // after it has stepped (through the device's state sets). Every refusal leaves the state (the
    // velocities too) exactly as it was. The states after all of it: the CPU solver's, then OpenCL's.
    std::pair<MapState, MapState> statesAfterRefusals(FlowModel model) const
    {
        const Map map = floodableMap(model);
        auto cpu = test::loadedSolver("cpu", map);
        auto gpu = test::loadedSolver("opencl", map);
        const std::vector<BoundarySegment> flood = {wholeSide(map.state.lattice, Side::West, BoundaryType::Inflow, 1e5)};
        for (const int count : {1, 2, 3, 7, 4})
            for (Solver* solver : {cpu.get(), gpu.get()}) {
                EXPECT_TRUE(solver->step(count).ok());
                const MapState kept = solver->readState();
                const Diagnostics diagnostics = solver->diagnostics();
                solver->setBoundary(flood);
                const StepResult refused = solver->step(count + 5);
                EXPECT_FALSE(refused.ok());
                EXPECT_NE(refused.error.find("rose above 1"), std::string::npos) << refused.error;
                EXPECT_TRUE(solver->readState() == kept) << solver->name() << " after " << count << " steps";
                EXPECT_EQ(solver->diagnostics().cfl, diagnostics.cfl);
                EXPECT_EQ(solver->diagnostics().ledger, diagnostics.ledger);
                solver->setBoundary(map.boundary);
            }
        EXPECT_EQ(gpu->diagnostics().steps, 17);
        EXPECT_NEAR(gpu->diagnostics().ledger.boundaryIn / cpu->diagnostics().ledger.boundaryIn, 1.0, 1e-5);
        return {cpu->readState(), gpu->readState()};
    }
};

TEST_P(RefusalContinuation, RunAfterRefusedCallsMatchesTheCpuSolver)
{
    const auto [a, b] = statesAfterRefusals(FlowModel::Pipes);
    float most = 0.0f;
    for (std::size_t i = 0; i < a.depth.size(); ++i) most = std::max(most, std::abs(a.depth[i] - b.depth[i]));
    EXPECT_LE(most, 1e-5f);
}

// The momentum model's refusals on the device: the velocities go back with the depths and flows,
// and the run after them is bit for bit the CPU step's.
TEST_P(RefusalContinuation, MomentumRunAfterRefusedCallsIsTheCpuSolversBitForBit)
{
    const auto [a, b] = statesAfterRefusals(FlowModel::Momentum);
    ASSERT_FALSE(b.velocities.empty());
    EXPECT_TRUE(a.depth == b.depth);
    EXPECT_TRUE(a.flows == b.flows);
    EXPECT_TRUE(a.velocities == b.velocities);
}

INSTANTIATE_TEST_SUITE_P(Lattices, RefusalContinuation, ::testing::Values(LatticeKind::Square, LatticeKind::Triangle),
                         [](const auto& info) { return std::string(latticeKindName(info.param)); });

} // namespace
} // namespace rb
