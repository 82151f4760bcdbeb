// Issue 13: "dye can ride on the currents". A map's stored steady current (riverbed-cli currents,
// the editor's Currents dock) carries the dye on top of the water's own motion: a blob released in
// still water moves at the current's speed, the dye stays within the water and is conserved or
// booked as it leaves through an open side, both backends agree bitwise, and a map saved with its
// current continues bit for bit.
#include "SolverFactory.h"
#include "TestMaps.h"
#include "currents/CurrentsSolver.h"
#include "currents/StoredCurrents.h"
#include "io/map/MapFile.h"
#include "model/DyeRelease.h"
#include "solver/CpuSolver.h"

#include <gtest/gtest.h>

#include <cmath>

namespace rb {
namespace {

constexpr double kSpeed = 0.5;  // m/s eastward
constexpr float kDepth = 2.0f;  // m of still water over a flat bed

class CurrentDrift : public ::testing::TestWithParam<LatticeKind> {
protected:
    // Still water in a flat walled basin (the water's step moves nothing), with the steady current
    // of open west and east sides stored in the map, and a dye blob of channel 0 at `blobX`.
    Map driftMap(double blobX) const
    {
        const Lattice lattice(GetParam(), 72, 36, 1.0);
        Map map = test::basinMap(lattice, FloatField(lattice.width(), lattice.height()));
        test::fillTo(map.state, kDepth);
        map.params.dt = 0.1;
        CurrentsSettings settings;
        settings.sideSpeed[static_cast<std::size_t>(Side::West)] = kSpeed;
        settings.sideSpeed[static_cast<std::size_t>(Side::East)] = -kSpeed;
        CurrentsSolver currents(map.state.lattice, map.state.depth, settings);
        currents.solve();
        storeCurrents(map.state, currents);
        releaseDye(map.state, 0, {blobX, 0.5 * lattice.worldHeight()}, 5.0);
        return map;
    }
};

double centroidX(const MapState& state)
{
    double weighted = 0.0, total = 0.0;
    for (int y = 0; y < state.lattice.height(); ++y)
        for (int x = 0; x < state.lattice.width(); ++x) {
            const double d = state.dye[0][state.lattice.index(x, y)];
            weighted += d * state.lattice.worldPosition(x, y).x;
            total += d;
        }
    return weighted / total;
}

void expectDyeWithinWater(const MapState& state)
{
    for (std::size_t i = 0; i < state.dye[0].size(); ++i) ASSERT_TRUE(state.dye[0][i] >= 0.0f && state.dye[0][i] <= state.depth[i]) << "cell " << i;
}

TEST_P(CurrentDrift, ABlobMovesAtTheCurrentsSpeedAndIsConserved)
{
    const Map map = driftMap(15.0);
    CpuSolver solver(1);
    solver.load(map);
    const MapState start = solver.readState();
    const double before = start.dyeVolume(0), x0 = centroidX(start);
    ASSERT_TRUE(solver.step(400).ok()); // 40 s: 20 m, well clear of the east side
    const MapState end = solver.readState();
    expectDyeWithinWater(end);
    EXPECT_TRUE(end.depth == start.depth); // the current carries dye, not water
    const double moved = centroidX(end) - x0;
    EXPECT_NEAR(moved, kSpeed * 40.0, 0.02 * kSpeed * 40.0);
    // Upwind diffusion lets a trace reach the east side; what leaves is booked.
    EXPECT_LE(end.dyeLedgers[0].boundaryOut, 1e-6 * before);
    EXPECT_LE(std::abs(end.dyeVolume(0) + end.dyeLedgers[0].boundaryOut - before) / before, 1e-5);
    EXPECT_LE(std::abs(end.dyeLedgers[0].clipped) / before, 1e-6);
}

TEST_P(CurrentDrift, DyeLeavingThroughAnOpenSideIsBooked)
{
    const Map map = driftMap(60.0);
    CpuSolver solver(1);
    solver.load(map);
    const double before = solver.readState().dyeVolume(0);
    ASSERT_TRUE(solver.step(600).ok());
    const MapState end = solver.readState();
    expectDyeWithinWater(end);
    const DyeLedger& ledger = end.dyeLedgers[0];
    EXPECT_GT(ledger.boundaryOut, 0.5 * before);
    EXPECT_LE(std::abs(end.dyeVolume(0) + ledger.boundaryOut - ledger.clipped - before) / before, 1e-5);
}

// Clearing the current (the editor's undo of a solve) stops the drift from the next step.
TEST_P(CurrentDrift, StopsWhenTheCurrentIsCleared)
{
    CpuSolver solver(1);
    solver.load(driftMap(15.0));
    solver.setCurrents({}, {});
    const double x0 = centroidX(solver.readState());
    ASSERT_TRUE(solver.step(100).ok());
    EXPECT_NEAR(centroidX(solver.readState()), x0, 1e-6);
    EXPECT_TRUE(solver.readState().currents.empty());
    EXPECT_THROW(solver.setCurrents({FloatField(3, 3)}, {}), std::invalid_argument);
}

TEST_P(CurrentDrift, ContinuesBitwiseAfterSaveAndLoad)
{
    CpuSolver first(1);
    first.load(driftMap(15.0));
    ASSERT_TRUE(first.step(50).ok());
    QString error;
    const std::optional<Map> reloaded = io::decodeMap(io::encodeMap(first.readMap()), &error);
    ASSERT_TRUE(reloaded) << error.toStdString();
    ASSERT_EQ(reloaded->state.currentFlows.size(), static_cast<std::size_t>(reloaded->state.lattice.familyCount()));
    CpuSolver second(1);
    second.load(*reloaded);
    ASSERT_TRUE(first.step(70).ok());
    ASSERT_TRUE(second.step(70).ok());
    EXPECT_TRUE(first.readState() == second.readState());
}

TEST_P(CurrentDrift, OpenClCarriesTheSameDye)
{
    const Map map = driftMap(20.0);
    CpuSolver cpu(1);
    cpu.load(map);
    const opencl::SolverChoice device = opencl::createSolver("opencl", map);
    ASSERT_EQ(device.solver->name().rfind("opencl", 0), 0u) << device.notice;
    for (Solver* solver : {static_cast<Solver*>(&cpu), device.solver.get()}) {
        ASSERT_TRUE(solver->step(30).ok());
        ASSERT_TRUE(solver->step(45).ok());
    }
    const MapState a = cpu.readState(), b = device.solver->readState();
    EXPECT_TRUE(a.dye == b.dye);
    EXPECT_EQ(a.dyeLedgers, b.dyeLedgers);
    EXPECT_TRUE(a.currentFlows == b.currentFlows);
    EXPECT_GT(centroidX(b), centroidX(map.state) + 1.0); // it did ride
}

INSTANTIATE_TEST_SUITE_P(Lattices, CurrentDrift, ::testing::Values(LatticeKind::Square, LatticeKind::Triangle),
                         [](const ::testing::TestParamInfo<LatticeKind>& info) { return std::string(latticeKindName(info.param)); });

} // namespace
} // namespace rb
