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
#include "transport/CurrentDrift.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <utility>

namespace rb {
namespace {

constexpr double kSpeed = 0.5;  // m/s eastward
constexpr float kDriftDepth = 2.0f;  // m of still water over a flat bed

class CurrentDrift : public ::testing::TestWithParam<LatticeKind> {
protected:
    // Still water in a flat walled basin (the water's step moves nothing), with the steady current
    // of open west and east sides stored in the map, and a dye blob of channel 0 at `blobX`.
    Map driftMap(double blobX) const
    {
        const Lattice lattice(GetParam(), 72, 36, 1.0);
        Map map = test::basinMap(lattice, FloatField(lattice.width(), lattice.height()));
        test::fillTo(map.state, kDriftDepth);
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

void expectDriftDyeWithinWater(const MapState& state)
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
    expectDriftDyeWithinWater(end);
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
    expectDriftDyeWithinWater(end);
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

// The drift as first written, the reference for the bits: every face in order, every cell's change
// added, every cell clamped, the substep count and the shares divided out at every source.
void driftFaceByFace(const Lattice& lattice, const std::vector<FloatField>& flows, const std::vector<float>& depth, double dt,
                     std::vector<float>& dyed, DyeLedger& ledger)
{
    struct Face {
        std::int64_t from, to;
        double flux;
    };
    const auto cellAt = [&](int x, int y) -> std::int64_t { return lattice.contains(x, y) ? static_cast<std::int64_t>(lattice.index(x, y)) : -1; };
    const auto wet = [&](std::int64_t c) { return c < 0 || depth[static_cast<std::size_t>(c)] > ::rb::CurrentDrift::kWetDepth; };
    std::vector<Face> faces;
    std::vector<double> outflow(lattice.cellCount(), 0.0);
    for (int f = 0; f < lattice.familyCount(); ++f)
        for (int y = -1; y <= lattice.height(); ++y)
            for (int x = -1; x <= lattice.width(); ++x) {
                const float flux = flows[static_cast<std::size_t>(f)][lattice.paddedIndex(x, y)];
                const CellOffset t = lattice.family(f).tailOffset(y);
                const std::int64_t tail = cellAt(x + t.dx, y + t.dy), head = cellAt(x, y);
                if (flux == 0.0f || (tail < 0 && head < 0) || !wet(tail) || !wet(head)) continue;
                const std::int64_t from = flux > 0.0f ? tail : head, to = flux > 0.0f ? head : tail;
                if (from < 0) continue;
                faces.push_back({from, to, std::abs(static_cast<double>(flux))});
                outflow[static_cast<std::size_t>(from)] += std::abs(static_cast<double>(flux)) * dt;
            }
    const double area = lattice.cellArea();
    double worst = 0.0;
    for (std::size_t i = 0; i < outflow.size(); ++i)
        if (outflow[i] > 0.0) worst = std::max(worst, outflow[i] / (static_cast<double>(depth[i]) * area));
    const int substeps = std::clamp(static_cast<int>(std::ceil(worst)), 1, ::rb::CurrentDrift::kMaxSubsteps);
    std::vector<float> share(outflow.size(), 1.0f), concentration(outflow.size());
    for (std::size_t i = 0; i < outflow.size(); ++i) {
        const double water = static_cast<double>(depth[i]) * area, perSubstep = outflow[i] / substeps;
        if (outflow[i] > 0.0 && perSubstep > water) share[i] = static_cast<float>(water / perSubstep);
    }
    for (int s = 0; s < substeps; ++s) {
        for (std::size_t i = 0; i < dyed.size(); ++i)
            concentration[i] = depth[i] > 0.0f && dyed[i] != 0.0f ? std::min(dyed[i] / depth[i], 1.0f) : 0.0f;
        std::vector<double> change(dyed.size(), 0.0);
        for (const Face& face : faces) {
            const auto from = static_cast<std::size_t>(face.from);
            if (concentration[from] == 0.0f) continue;
            const double moved = face.flux * (dt / substeps) * share[from] * concentration[from] / area;
            change[from] -= moved;
            if (face.to >= 0) change[static_cast<std::size_t>(face.to)] += moved;
            else ledger.boundaryOut += moved * area;
        }
        for (std::size_t i = 0; i < dyed.size(); ++i) dyed[i] = static_cast<float>(dyed[i] + change[i]);
    }
    double clipped = 0.0;
    for (std::size_t i = 0; i < dyed.size(); ++i) {
        const float kept = std::clamp(dyed[i], 0.0f, depth[i]);
        clipped += static_cast<double>(kept) - static_cast<double>(dyed[i]);
        dyed[i] = kept;
    }
    ledger.clipped += clipped * area;
}

// The drift moves dye only where it is (the rows and columns holding dye, widened each substep)
// and plans again only when the water leaves its steady case; it must still give the bits of
// moving face by face over every cell: dye in the corners and beside the open sides, −0, cells
// over their water and below 0, a fast current (several substeps), a shallow patch (shares), a
// cell that dries and wets again, and the steady case before and after each of them.
TEST_P(CurrentDrift, MovesDyeOnlyWhereItIsWithTheBitsOfMovingFaceByFace)
{
    const Map map = driftMap(20.0);
    const Lattice& lattice = map.state.lattice;
    std::vector<FloatField> fast = map.state.currentFlows;
    for (FloatField& family : fast)
        for (float& flux : family.values()) flux *= 30.0f; // 15 m/s: several substeps
    const int w = lattice.width(), h = lattice.height();
    std::vector<float> dyed = map.state.dye[0].values();
    for (const auto& [x, y] : std::vector<std::pair<int, int>>{{0, 0}, {w - 1, h - 1}, {0, h / 2}, {w - 1, 3}, {w / 2, 0}, {30, h - 1}})
        dyed[lattice.index(x, y)] = 0.5f;
    dyed[lattice.index(40, 10)] = -0.0f, dyed[lattice.index(41, 10)] = -1e-3f, dyed[lattice.index(50, 20)] = 2.5f; // over its 2 m
    const std::vector<float> still = map.state.depth.values();
    std::vector<float> shallow = still, dried = still;
    for (int x = 10; x < 14; ++x) shallow[lattice.index(x, h / 2)] = 0.002f; // gives a share beyond 64 substeps
    dried[lattice.index(25, h / 2)] = 0.0f;
    for (const bool fastCurrent : {false, true}) {
        ::rb::CurrentDrift drift(lattice, fastCurrent ? fast : map.state.currentFlows);
        std::vector<std::vector<float>> sparse{dyed};
        std::vector<DyeLedger> sparseLedger(1);
        std::vector<float> reference = dyed;
        DyeLedger referenceLedger;
        int step = 0;
        for (const std::vector<float>* depth : std::vector<const std::vector<float>*>{&still, &still, &shallow, &still, &still, &dried, &dried, &still, &still}) {
            const double dt = step == 7 ? 0.05 : 0.1;
            drift.step(depth->data(), dt, sparse, sparseLedger);
            driftFaceByFace(lattice, fastCurrent ? fast : map.state.currentFlows, *depth, dt, reference, referenceLedger);
            ASSERT_EQ(std::memcmp(sparse[0].data(), reference.data(), reference.size() * sizeof(float)), 0)
                << "step " << step << (fastCurrent ? ", fast current" : "");
            ASSERT_EQ(sparseLedger[0], referenceLedger) << "step " << step;
            ++step;
        }
        EXPECT_GT(referenceLedger.boundaryOut, 0.0);
        EXPECT_LT(referenceLedger.clipped, 0.0); // the cell over its water was clamped
    }
}

INSTANTIATE_TEST_SUITE_P(Lattices, CurrentDrift, ::testing::Values(LatticeKind::Square, LatticeKind::Triangle),
                         [](const ::testing::TestParamInfo<LatticeKind>& info) { return std::string(latticeKindName(info.param)); });

} // namespace
} // namespace rb
