// Dye carried in by a boundary inflow is water like any other: evaporation takes its share of it as
// it takes its share of the inflow's water. Were the inflow's dye spared, a boundary cell would
// hold more dye than water each step and the clamp that keeps d ≤ h would quietly remove the
// excess (booked `clipped`). A shallow sheet fed by a dyed inflow, where evaporation takes a large
// share of each step's water, shows it most; springs (after the weather, as the water's) do not.
#include "BackendParam.h"
#include "ClSolver.h"
#include "TestMaps.h"
#include "grid/BoundaryEdges.h"
#include "solver/CpuSolver.h"
#include "transport/DyeTransport.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <iomanip>
#include <iostream>

namespace rb {
namespace {

// A few centimetres of water on a rough bed, a dyed inflow (channel 0) along the west side, an
// outflow in the east and strong evaporation (2e-5 m a step against the inflow's 4e-4 m a step in
// its cells), no rain, diffusion or decay (so OpenCL carries the dye on the device).
Map shallowDyedInflow(LatticeKind kind)
{
    const Lattice lattice = test::latticeOfExtent(kind, 40, 24);
    Map map = test::basinMap(lattice, test::roughTerrain(lattice, 17, 0.1f));
    test::fillTo(map.state, 0.04f);
    map.params.dt = 0.02;
    map.params.evaporation = 1e-3;
    map.boundary = {wholeSide(lattice, Side::West, BoundaryType::Inflow, 0.5), wholeSide(lattice, Side::East, BoundaryType::Outflow, 0.0)};
    map.boundary[0].dye = 0;
    return map;
}

void expectInflowDyeWithinWater(const MapState& state)
{
    const std::vector<float>& dye = state.dye[0].values();
    for (std::size_t i = 0; i < dye.size(); ++i) ASSERT_TRUE(dye[i] >= 0.0f && dye[i] <= state.depth.values()[i]) << "cell " << i;
}

class DyeInflowEvaporation : public ::testing::TestWithParam<test::BackendLattice> {};

// 200 steps in calls of 20: after each, the dye lies within the water, the clamps moved only
// rounding (|clipped| ≤ 1e-6 of the dye that came in) and the ledger closes.
TEST_P(DyeInflowEvaporation, TakesTheInflowsDyeWithItsWater)
{
    const Map map = shallowDyedInflow(GetParam().lattice);
    const std::unique_ptr<Solver> solver = test::loadedSolver(GetParam().backend, map);
    ASSERT_TRUE(solver);
    if (const auto* device = dynamic_cast<const opencl::ClSolver*>(solver.get())) {
        ASSERT_TRUE(device->carriesDyeOnDevice()); // the kernels, not the host's transport
    }
    const double initial = solver->readState().dyeVolume(0);
    for (int call = 0; call < 10; ++call) {
        ASSERT_TRUE(solver->step(20).ok());
        const MapState state = solver->readState();
        expectInflowDyeWithinWater(state);
        const DyeLedger& l = state.dyeLedgers[0];
        EXPECT_LE(std::abs(l.clipped), 1e-6 * l.boundaryIn) << "after call " << call << ": clipped " << l.clipped << " of " << l.boundaryIn;
        const double imbalance = state.dyeVolume(0) - (initial + l.inflow() - l.outflow() + l.edited + l.clipped);
        EXPECT_LE(std::abs(imbalance), 1e-6 * l.boundaryIn) << "after call " << call;
    }
    const DyeLedger l = solver->readState().dyeLedgers[0];
    EXPECT_GT(l.evaporation, 0.01 * l.boundaryIn); // evaporation took a real share of the dye
    std::cout << std::setprecision(6) << test::nameOf(GetParam()) << ": dye in " << l.boundaryIn << " m³, evaporated " << l.evaporation
              << ", out " << l.boundaryOut << ", clipped " << l.clipped << '\n';
}

INSTANTIATE_TEST_SUITE_P(BackendsAndLattices, DyeInflowEvaporation, test::allBackendLattices(), test::backendLatticeName);

// The transport itself, the clamp to the water turned off (so the dye's excess over the water is
// seen, not clipped): after every step each cell's dye is within rounding of its water; the
// harness then clamps it as the solver would, so steps start from bounded dye.
class DyeInflowEvaporationBeforeClamp : public ::testing::TestWithParam<LatticeKind> {};

TEST_P(DyeInflowEvaporationBeforeClamp, DyeNeverExceedsTheWater)
{
    const Map map = shallowDyedInflow(GetParam());
    const Lattice& lattice = map.state.lattice;
    CpuSolver solver(1);
    solver.load(map);
    std::vector<DyeBoundaryEdge> edges;
    for (const BoundaryEdge& e : expandBoundary(lattice, map.boundary))
        edges.push_back({e.family, e.flowIndex, e.cell, e.inward, {e.type == BoundaryType::Inflow ? 1.0f : 0.0f, 0.0f, 0.0f, 0.0f}});
    DyeTransport transport(lattice, edges, {});
    DyeStepConstants constants = DyeStepConstants::from(map.params, lattice, 0.0);
    constants.boundByWater = false;
    std::vector<std::vector<float>> dyed{std::vector<float>(lattice.cellCount(), 0.0f)};
    std::vector<DyeLedger> ledgers(1);
    double worst = 0.0; // the largest (d − h)/h seen
    for (int step = 0; step < 200; ++step) {
        const std::vector<float> before = solver.readState().depth.values();
        ASSERT_TRUE(solver.step(1).ok());
        const MapState after = solver.readState();
        WaterStepRecord record{before.data(), after.depth.values().data(), {}};
        for (std::size_t f = 0; f < after.flows.size(); ++f) record.flows[f] = after.flows[f].values().data();
        transport.step(record, constants, dyed, ledgers);
        for (std::size_t i = 0; i < lattice.cellCount(); ++i) {
            const float h = after.depth.values()[i];
            if (dyed[0][i] > h) worst = std::max(worst, h > 0.0f ? (dyed[0][i] - h) / h : 1.0);
            dyed[0][i] = std::min(dyed[0][i], h);
        }
    }
    EXPECT_LE(worst, 1e-6);
    EXPECT_GT(ledgers[0].evaporation, 0.01 * ledgers[0].boundaryIn);
    std::cout << latticeKindName(GetParam()) << ": worst excess of dye over water before the clamp " << worst << " of the water\n";
}

INSTANTIATE_TEST_SUITE_P(Lattices, DyeInflowEvaporationBeforeClamp, ::testing::Values(LatticeKind::Square, LatticeKind::Triangle),
                         [](const ::testing::TestParamInfo<LatticeKind>& info) { return std::string(latticeKindName(info.param)); });

} // namespace
} // namespace rb
