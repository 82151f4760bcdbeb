// Issue 14's erosion tests: thermal erosion leaves no slope above the talus angle, bedrock does not
// erode, a sediment-laden stream builds a delta that holds what it brought, a graded channel stays
// graded, and the runs are deterministic across thread counts and backends, refused calls undone.
#include "BackendParam.h"
#include "ErosionTestMaps.h"
#include "TestMaps.h"
#include "io/flow/VelocityField.h"
#include "ranges/ValueRanges.h"
#include "solver/CpuSolver.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <numbers>

namespace rb {
namespace {

double tanDegrees(double degrees)
{
    return std::tan(degrees * std::numbers::pi / 180.0);
}

// A dry sand cone 12 m high with 50° flanks on a flat floor: far steeper than any talus angle.
Map sandCone(LatticeKind kind)
{
    const Lattice lattice(kind, 31, 31, 1.0);
    FloatField bed(lattice.width(), lattice.height());
    const double cx = 0.5 * lattice.worldWidth(), cy = 0.5 * lattice.worldHeight();
    for (int y = 0; y < lattice.height(); ++y)
        for (int x = 0; x < lattice.width(); ++x) {
            const WorldPoint p = lattice.worldPosition(x, y);
            bed(x, y) = static_cast<float>(std::max(0.0, 12.0 - tanDegrees(50.0) * std::hypot(p.x - cx, p.y - cy)));
        }
    Map map = test::basinMap(lattice, bed);
    map.params = test::erodingParams(0.1, 1.0);
    map.params.erosion.thermalRate = 5.0;
    return map;
}

class ErosionBehaviour : public ::testing::TestWithParam<test::BackendLattice> {
protected:
    std::unique_ptr<Solver> solverFor(const Map& map) const { return test::loadedSolver(GetParam().backend, map); }
};

TEST_P(ErosionBehaviour, NoSlopeExceedsTheTalusAngleAfterThermalErosion)
{
    const Map map = sandCone(GetParam().lattice);
    std::unique_ptr<Solver> solver = solverFor(map);
    const double start = test::storedMaterial(solver->readState());
    ASSERT_TRUE(solver->step(1500).ok());
    const MapState end = solver->readState();
    const double talus = tanDegrees(map.params.erosion.talusDegrees);
    std::printf("[ figures ] %s: steepest slope %.4f → %.4f (talus %.4f), peak %.2f m\n", test::nameOf(GetParam()).c_str(),
                test::steepestSlope(map.state), test::steepestSlope(end), talus, *std::max_element(end.bed.values().begin(), end.bed.values().end()));
    EXPECT_LE(test::steepestSlope(end), talus);
    EXPECT_GT(test::steepestSlope(end), 0.9 * talus) << "the flanks should rest near the talus angle, not flatten";
    EXPECT_NEAR(test::storedMaterial(end), start, 1e-9 * start);
}

TEST_P(ErosionBehaviour, BedrockDoesNotErodeOrSlide)
{
    Map map = sandCone(GetParam().lattice);
    map.state.erodibility = FloatField(map.state.lattice.width(), map.state.lattice.height(), 0.0f);
    // Water pouring down the cone's flanks as well.
    map.params.rain = 0.01;
    std::unique_ptr<Solver> solver = solverFor(map);
    ASSERT_TRUE(solver->step(500).ok());
    const MapState end = solver->readState();
    EXPECT_TRUE(end.bed == map.state.bed);
    EXPECT_EQ(end.sedimentLedger.eroded, 0.0);
    EXPECT_EQ(end.sedimentLedger.slid, 0.0);
}

// A flat walled lake 2 m deep; a stream enters through 4 cells of the west side carrying sediment.
Map deltaLake(LatticeKind kind, double inflow, double concentration)
{
    const Lattice lattice(kind, 60, 30, 1.0);
    Map map = test::basinMap(lattice, FloatField(lattice.width(), lattice.height()));
    test::fillTo(map.state, 2.0f);
    map.state.erodibility = FloatField(lattice.width(), lattice.height(), 0.0f); // only what the stream brings moves
    map.params = test::erodingParams(0.05, 0.5);
    BoundarySegment stream{Side::West, 13, 16, BoundaryType::Inflow, inflow};
    stream.sediment = concentration;
    map.boundary = {stream};
    return map;
}

double depositedVolume(const MapState& state)
{
    double sum = 0.0;
    for (float d : state.deposition.values()) sum += d;
    return sum * state.lattice.cellArea();
}

TEST_P(ErosionBehaviour, AStreamBuildsADeltaThatHoldsAllItBrought)
{
    Map map = deltaLake(GetParam().lattice, 2.0, 0.01);
    std::unique_ptr<Solver> solver = solverFor(map);
    ASSERT_TRUE(solver->step(4000).ok()); // 200 s of the stream
    map.boundary[0].value = 0.0;          // then it stops and the load settles
    solver->setBoundary(map.boundary);
    ASSERT_TRUE(solver->step(8000).ok());
    const MapState end = solver->readState();
    const double brought = end.sedimentLedger.carried.boundaryIn, deposited = depositedVolume(end);
    double weighted = 0.0, nearMouth = 0.0;
    for (int y = 0; y < end.lattice.height(); ++y)
        for (int x = 0; x < end.lattice.width(); ++x) {
            const double d = end.deposition(x, y) * end.lattice.cellArea();
            weighted += d * end.lattice.worldPosition(x, y).x;
            if (end.lattice.worldPosition(x, y).x < 20.0) nearMouth += d;
        }
    std::printf("[ figures ] %s: brought %.6g m³, deposited %.6g m³ (relative difference %.2g), still suspended %.3g m³, "
                "deposit centroid %.1f m from the mouth, %.1f%% within 20 m\n",
                test::nameOf(GetParam()).c_str(), brought, deposited, (deposited - brought) / brought, end.sedimentVolume(), weighted / deposited,
                100.0 * nearMouth / deposited);
    EXPECT_NEAR(brought, 2.0 * 200.0 * 0.01, 0.01 * 4.0);
    EXPECT_LE(std::abs(deposited - brought) / brought, 1e-5);
    EXPECT_LT(weighted / deposited, 15.0) << "the delta lies at the mouth";
    EXPECT_GT(nearMouth / deposited, 0.9);
}

// A straight channel 8 cells across, falling 2% eastward, fed 2 m³/s from the west and
// free to leave at the east.
Map tiltedChannel(LatticeKind kind, double concentration)
{
    const Lattice lattice(kind, 80, 8, 1.0);
    FloatField bed(lattice.width(), lattice.height());
    for (int y = 0; y < lattice.height(); ++y)
        for (int x = 0; x < lattice.width(); ++x) bed(x, y) = static_cast<float>(5.0 - 0.02 * lattice.worldPosition(x, y).x);
    Map map = test::basinMap(lattice, bed);
    map.params.dt = 0.05;
    map.params.friction = 0.5; // a rough bed: the flow reaches its uniform speed within a metre or two
    BoundarySegment inflow = wholeSide(lattice, Side::West, BoundaryType::Inflow, 2.0);
    inflow.sediment = concentration;
    map.boundary = {inflow, wholeSide(lattice, Side::East, BoundaryType::Outflow, 0.0)};
    return map;
}

// The mean net bed change of columns [x0, x1) (m).
double meanBedChange(const MapState& state, int x0, int x1)
{
    double sum = 0.0;
    for (int y = 0; y < state.lattice.height(); ++y)
        for (int x = x0; x < x1; ++x) sum += state.deposition(x, y);
    return sum / (state.lattice.height() * (x1 - x0));
}

TEST_P(ErosionBehaviour, AGradedChannelReachesEquilibriumWhereTheLoadMeetsCapacity)
{
    // The steady flow without erosion first; its speed gives the load the channel can carry,
    // capacity · |v| · S per cubic metre of water.
    Map map = tiltedChannel(GetParam().lattice, 0.0);
    std::unique_ptr<Solver> water = solverFor(map);
    ASSERT_TRUE(water->step(4000).ok());
    map.state = water->readState();
    const double friction = map.params.friction;
    map.params = test::erodingParams(0.05, 0.5);
    map.params.friction = friction;
    const io::CellVelocity v = io::cellVelocity(map.state, 40, 4);
    const double graded = map.params.erosion.capacity * v.speed() * 0.02;
    struct Run {
        double inlet = 0.0, reach = 0.0, reachLate = 0.0, load = 0.0;
    };
    const auto runWith = [&](double concentration) {
        Map run = map;
        run.boundary[0].sediment = concentration;
        std::unique_ptr<Solver> solver = solverFor(run);
        Run r;
        EXPECT_TRUE(solver->step(4000).ok()); // 200 s
        const double reachBefore = meanBedChange(solver->readState(), 10, 60);
        EXPECT_TRUE(solver->step(4000).ok()); // and 200 s more
        const MapState end = solver->readState();
        r.inlet = meanBedChange(end, 0, 4);
        r.reach = meanBedChange(end, 10, 60);
        r.reachLate = r.reach - reachBefore;
        r.load = end.sediment(40, 4) / end.depth(40, 4);
        return r;
    };
    const Run clean = runWith(0.0), atCapacity = runWith(graded);
    std::printf("[ figures ] %s: speed %.3f m/s, graded load %.4g; clean inflow: inlet %.3g m, reach %.3g m (last 200 s %.3g m), "
                "load at mid-reach %.4g; inflow at capacity: inlet %.3g m, reach %.3g m\n",
                test::nameOf(GetParam()).c_str(), v.speed(), graded, clean.inlet, clean.reach, clean.reachLate, clean.load, atCapacity.inlet,
                atCapacity.reach);
    EXPECT_LT(clean.inlet, -0.01) << "clean water scours the bed where it enters";
    EXPECT_NEAR(clean.load, graded, 0.1 * graded) << "downstream the load has risen to the capacity";
    // The flow speeds up by a sixth towards the free outfall, so the capacity grows a little along
    // the reach and the bed there still lowers slowly: a twentieth of the inlet's scour at most.
    EXPECT_LT(std::abs(clean.reachLate), 0.05 * std::abs(clean.inlet)) << "and there the bed barely changes";
    EXPECT_LT(std::abs(atCapacity.inlet), 0.25 * std::abs(clean.inlet)) << "water arriving at capacity does not scour";
}

INSTANTIATE_TEST_SUITE_P(BackendsLattices, ErosionBehaviour, test::allBackendLattices(), test::backendLatticeName);

// Rain with erosion on a rough basin large enough for the solver's threads.
Map rainyRoughBasin(LatticeKind kind, FlowModel model, int interval)
{
    const Lattice lattice(kind, 64, 48, 1.0);
    FloatField bed = test::roughTerrain(lattice, 7, 3.0f);
    Map map = test::basinMap(lattice, bed);
    map.params = test::erodingParams(0.02, 2.0);
    map.params.model = model;
    map.params.manning = model == FlowModel::Momentum ? 0.035 : 0.0;
    map.params.rain = 2e-3;
    map.params.erosion.interval = interval;
    return map;
}

void expectSameErosion(const MapState& a, const MapState& b)
{
    EXPECT_TRUE(a.bed == b.bed);
    EXPECT_TRUE(a.depth == b.depth);
    EXPECT_TRUE(a.sediment == b.sediment);
    EXPECT_TRUE(a.deposition == b.deposition);
    EXPECT_TRUE(a.bedRemainder == b.bedRemainder);
    EXPECT_TRUE(a.sedimentLedger == b.sedimentLedger);
}

// The lattice, the flow model and the bed's interval: 1 (every step), 7 (updates inside the
// calls, between the pipes' tiled passes) and the default.
class ErosionAgreement : public ::testing::TestWithParam<std::tuple<LatticeKind, FlowModel, int>> {
protected:
    Map basin() const { return rainyRoughBasin(std::get<0>(GetParam()), std::get<1>(GetParam()), std::get<2>(GetParam())); }
};

TEST_P(ErosionAgreement, ThreadCountsAndBackendsGiveBitwiseTheSameErosion)
{
    const Map map = basin();
    CpuSolver one(1), two(2);
    one.load(map);
    two.load(map);
    std::unique_ptr<Solver> device = test::loadedSolver("opencl", map);
    for (Solver* solver : {static_cast<Solver*>(&one), static_cast<Solver*>(&two), device.get()}) ASSERT_TRUE(solver->step(600).ok());
    const MapState reference = one.readState();
    ASSERT_GT(reference.sedimentLedger.eroded, 0.0);
    expectSameErosion(reference, two.readState());
    expectSameErosion(reference, device->readState());
}

// A call refused after the bed has updated within it gives back the terrain, load and books as they
// were. The call's dt is a fraction of the CFL limit of the water at its start while heavy rain
// deepens the water; the fraction is bisected until a probe, stepping one bed update at a time from
// the same state, goes through at least one update and is then refused. The whole call must then be
// refused too, and leave no trace.
TEST_P(ErosionAgreement, ARefusedCallLeavesTheTerrainAsItWas)
{
    Map map = basin();
    CpuSolver solver(1);
    solver.load(map);
    ASSERT_TRUE(solver.step(200).ok());
    const MapState before = solver.readState();
    const Map started = solver.readMap();
    const int interval = map.params.erosion.interval;
    constexpr int kUpdates = 20;
    const double limit = started.params.dt / solver.diagnostics().cfl; // the dt at CFL 1 for the water now
    Map wet = started;
    wet.params.rain = std::min(ranges::kMaxRain, 100.0 * started.params.rain + 1e-3);
    double probeEroded = before.sedimentLedger.eroded;
    const auto updatesBeforeRefusal = [&](double fraction) {
        wet.params.dt = limit * fraction;
        CpuSolver probe(1);
        probe.load(wet);
        int updates = 0;
        while (updates < kUpdates && probe.step(interval).ok()) ++updates;
        probeEroded = probe.readState().sedimentLedger.eroded;
        return updates;
    };
    double calm = 0.05, unstable = 1.0; // fractions: all updates go through / the first is refused
    ASSERT_EQ(updatesBeforeRefusal(calm), kUpdates);
    for (int halving = 0; halving < 40; ++halving) {
        const double fraction = 0.5 * (calm + unstable);
        const int updates = updatesBeforeRefusal(fraction);
        if (updates == 0) unstable = fraction;
        else if (updates == kUpdates) calm = fraction;
        else {
            ASSERT_NE(probeEroded, before.sedimentLedger.eroded) << "the bed moved before the refusal";
            solver.setParams(wet.params);
            // One call up to the end of the probe's refused one: a call checks the CFL number at
            // its start and end, so a longer call could end where the water has calmed again.
            ASSERT_FALSE(solver.step((updates + 1) * interval).ok());
            expectSameErosion(before, solver.readState());
            return;
        }
    }
    FAIL() << "no dt refused a call after a bed update";
}

// The bed updates on multiples of its interval of the step counter: a run cut into uneven calls,
// or saved and resumed, erodes bitwise as one call does.
TEST_P(ErosionAgreement, CallsOfAnyLengthAndAResumeGiveBitwiseTheSameErosion)
{
    const Map map = basin();
    CpuSolver whole(1), pieces(1); // one thread: the thread counts are the test above
    whole.load(map);
    pieces.load(map);
    ASSERT_TRUE(whole.step(600).ok());
    for (const int count : {1, 37, 64, 98}) ASSERT_TRUE(pieces.step(count).ok());
    CpuSolver resumed(1);
    resumed.load(pieces.readMap());
    ASSERT_TRUE(resumed.step(600 - 200).ok());
    ASSERT_GT(whole.readState().sedimentLedger.eroded, 0.0);
    expectSameErosion(whole.readState(), resumed.readState());
}

std::string agreementName(const ::testing::TestParamInfo<std::tuple<LatticeKind, FlowModel, int>>& info)
{
    return std::string(latticeKindName(std::get<0>(info.param))) + "_" + std::string(flowModelName(std::get<1>(info.param))) + "_interval"
           + std::to_string(std::get<2>(info.param));
}

INSTANTIATE_TEST_SUITE_P(LatticesModels, ErosionAgreement,
                         ::testing::Combine(::testing::Values(LatticeKind::Square, LatticeKind::Triangle),
                                            ::testing::Values(FlowModel::Pipes, FlowModel::Momentum), ::testing::Values(1, 7, ErosionParams::kDefaultInterval)),
                         agreementName);

} // namespace
} // namespace rb
