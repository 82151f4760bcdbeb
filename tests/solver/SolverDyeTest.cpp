// Issue 13: dye carried by the solver itself. Springs and inflows bring it, the CPU solver moves it
// with the water of either flow model on either lattice; it must stay within the water, balance
// its ledger, leave the water bitwise as it was, survive save → load → continue bit for bit, be
// restored with the water when a call is refused, and not depend on the thread count. On OpenCL the
// dye kernels must give the CPU's dye and ledgers bit for bit, over batches of many steps.
#include "ClSolver.h"
#include "SolverFactory.h"
#include "TestMaps.h"
#include "currents/CurrentsSolver.h"
#include "currents/StoredCurrents.h"
#include "io/map/MapFile.h"
#include "model/DyeRelease.h"
#include "solver/CpuSolver.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <tuple>

namespace rb {
namespace {

using DyeCase = std::tuple<LatticeKind, FlowModel>;

class SolverDye : public ::testing::TestWithParam<DyeCase> {
protected:
    LatticeKind latticeKind() const { return std::get<0>(GetParam()); }
    FlowModel model() const { return std::get<1>(GetParam()); }

    // A basin on rough terrain with a dyed inflow in the west (channel 0), an outflow in the east,
    // a spring of channel 1, a drain, rain, evaporation and diffusion; a dye blob of channel 2.
    Map dyedMap(bool withDye = true, int width = 48) const
    {
        const Lattice lattice(latticeKind(), width, 36, 1.0);
        Map map = test::basinMap(lattice, test::roughTerrain(lattice, 31, 1.0f));
        test::fillTo(map.state, 1.2f);
        map.params.dt = 0.02;
        map.params.model = model();
        map.params.rain = 1e-4;
        map.params.evaporation = 2e-4;
        map.boundary = {wholeSide(lattice, Side::West, BoundaryType::Inflow, 2.0), wholeSide(lattice, Side::East, BoundaryType::Outflow, 0.0)};
        map.sources = {{PointSource::Kind::Spring, 20.0, 15.0, 0.5, false}, {PointSource::Kind::Drain, 30.0, 20.0, 0.2, false}};
        if (!withDye) return map;
        map.boundary[0].dye = 0;
        map.sources[0].dye = 1;
        map.params.dyeDiffusivity = 0.3;
        releaseDye(map.state, 2, {12.0, 10.0}, 4.0);
        return map;
    }
};

double balanceError(const MapState& state, int channel, double initial)
{
    const DyeLedger& l = state.dyeLedgers[static_cast<std::size_t>(channel)];
    return state.dyeVolume(channel) - (initial + l.inflow() - l.outflow() + l.edited + l.clipped);
}

void expectDyeWithinWater(const MapState& state)
{
    for (const FloatField& dye : state.dye)
        for (std::size_t i = 0; i < dye.size(); ++i) ASSERT_TRUE(dye[i] >= 0.0f && dye[i] <= state.depth[i]) << "cell " << i;
}

TEST_P(SolverDye, StaysWithinTheWaterAndBalancesItsLedger)
{
    const Map map = dyedMap();
    CpuSolver solver(1);
    solver.load(map);
    const MapState start = solver.readState();
    ASSERT_EQ(start.dye.size(), 3u); // channels 0 and 1 named by the boundary and spring, 2 released
    std::vector<double> initial;
    for (int c = 0; c < 3; ++c) initial.push_back(start.dyeVolume(c) - start.dyeLedgers[static_cast<std::size_t>(c)].edited);
    for (int count : {1, 7, 16, 33, 60, 100, 150}) {
        ASSERT_TRUE(solver.step(count).ok());
        const MapState state = solver.readState();
        expectDyeWithinWater(state);
        for (int c = 0; c < 3; ++c) {
            const double scale = std::max(state.dyeVolume(c), state.dyeLedgers[static_cast<std::size_t>(c)].inflow()) + 1e-12;
            EXPECT_LE(std::abs(balanceError(state, c, initial[static_cast<std::size_t>(c)])) / scale, 1e-5) << "channel " << c;
            // The balance counts the clamps that kept 0 ≤ d ≤ h; a transport that agrees with the
            // water needs them only for rounding.
            EXPECT_LE(std::abs(state.dyeLedgers[static_cast<std::size_t>(c)].clipped) / scale, 1e-6) << "channel " << c;
        }
    }
    const MapState end = solver.readState();
    EXPECT_GT(end.dyeLedgers[0].boundaryIn, 0.0);
    EXPECT_GT(end.dyeLedgers[1].springs, 0.0);
    EXPECT_GT(end.dyeLedgers[2].evaporation, 0.0);
    EXPECT_EQ(solver.diagnostics().dyeVolumes.size(), 3u);
    EXPECT_DOUBLE_EQ(solver.diagnostics().dyeVolumes[1], end.dyeVolume(1));
}

// The dye is consistent with the water: when all of it is dyed and everything that comes in is
// dyed too (no rain, which is clean), every cell stays at concentration 1 — a transport that read
// other depths or flows than the water's step used would drift off it (or lean on its clamps).
TEST_P(SolverDye, FullyDyedWaterStaysFullyDyed)
{
    Map map = dyedMap();
    map.params.rain = 0.0;
    map.sources[0].dye = 0;
    map.state.dye.clear();
    map.state.dyeLedgers.clear();
    releaseDye(map.state, 0, {0.0, 0.0}, 1e4);
    CpuSolver solver(1);
    solver.load(map);
    for (int i = 0; i < 5; ++i) ASSERT_TRUE(solver.step(40).ok());
    const MapState state = solver.readState();
    float worst = 0.0f;
    for (std::size_t i = 0; i < state.depth.size(); ++i)
        if (state.depth[i] > 1e-3f) worst = std::max(worst, std::abs(state.dye[0][i] / state.depth[i] - 1.0f));
    EXPECT_LE(worst, 1e-5f);
    EXPECT_LE(std::abs(state.dyeLedgers[0].clipped), 1e-6 * state.dyeVolume(0));
}

// The dye rides on the water and never changes it: the same map with and without dye (the dyed
// run steps one step at a time, the clean one in temporally tiled passes) has the same water.
TEST_P(SolverDye, LeavesTheWaterBitwiseAsItWas)
{
    CpuSolver dyed(1), clean(1);
    dyed.load(dyedMap(true));
    clean.load(dyedMap(false));
    for (int i = 0; i < 4; ++i) {
        ASSERT_TRUE(dyed.step(40).ok());
        ASSERT_TRUE(clean.step(40).ok());
    }
    const MapState a = dyed.readState(), b = clean.readState();
    EXPECT_TRUE(a.depth == b.depth);
    EXPECT_TRUE(a.flows == b.flows);
    EXPECT_TRUE(a.velocities == b.velocities);
    EXPECT_EQ(a.ledger, b.ledger);
    EXPECT_TRUE(b.dye.empty());
}

TEST_P(SolverDye, SaveLoadContinueIsBitForBit)
{
    CpuSolver straight(1), first(1), resumed(1);
    straight.load(dyedMap());
    first.load(dyedMap());
    ASSERT_TRUE(straight.step(120).ok());
    ASSERT_TRUE(first.step(70).ok());
    QString error;
    const std::optional<Map> saved = io::decodeMap(io::encodeMap(first.readMap()), &error);
    ASSERT_TRUE(saved) << error.toStdString();
    EXPECT_TRUE(saved->state == first.readState());
    resumed.load(*saved);
    ASSERT_TRUE(resumed.step(50).ok());
    const MapState a = straight.readState(), b = resumed.readState();
    EXPECT_TRUE(a.dye == b.dye);
    EXPECT_EQ(a.dyeLedgers, b.dyeLedgers);
    EXPECT_TRUE(a == b);
}

TEST_P(SolverDye, SameOnAnyThreadCount)
{
    CpuSolver one(1), two(2), three(3);
    for (CpuSolver* solver : {&one, &two, &three}) {
        solver->load(dyedMap());
        ASSERT_TRUE(solver->step(90).ok());
    }
    EXPECT_TRUE(one.readState() == two.readState());
    EXPECT_TRUE(one.readState() == three.readState());
}

// A flood through the west side raises the CFL number past 1 within the call: the call is
// refused after it stepped, and the dye goes back with the water.
TEST_P(SolverDye, RefusedCallRestoresTheDye)
{
    const Map map = dyedMap();
    CpuSolver solver(1);
    solver.load(map);
    ASSERT_TRUE(solver.step(30).ok());
    const MapState kept = solver.readState();
    std::vector<BoundarySegment> flood = {wholeSide(map.state.lattice, Side::West, BoundaryType::Inflow, 1e5)};
    flood[0].dye = 0;
    solver.setBoundary(flood);
    const StepResult refused = solver.step(40);
    ASSERT_FALSE(refused.ok());
    const MapState after = solver.readState();
    EXPECT_TRUE(after.dye == kept.dye);
    EXPECT_EQ(after.dyeLedgers, kept.dyeLedgers);
    EXPECT_EQ(solver.diagnostics().dyeLedgers, kept.dyeLedgers);
    solver.setBoundary(map.boundary);
    EXPECT_TRUE(solver.step(10).ok());
}

// Taking water away keeps the concentration there (the dye goes with it, booked as edited);
// adding clean water dilutes.
TEST_P(SolverDye, DepthEditsKeepTheDyeWithinTheWater)
{
    CpuSolver solver(1);
    solver.load(dyedMap());
    ASSERT_TRUE(solver.step(20).ok());
    const MapState before = solver.readState();
    const CellRegion region{8, 6, 10, 8};
    std::vector<float> halved = solver.readDepth(region);
    for (float& h : halved) h *= 0.5f;
    solver.setDepth(region, halved);
    const MapState after = solver.readState();
    expectDyeWithinWater(after);
    const int width = after.lattice.width();
    const std::size_t cell = static_cast<std::size_t>(10 * width + 12);
    ASSERT_GT(before.dye[2][cell], 0.0f);
    EXPECT_NEAR(after.dye[2][cell] / after.depth[cell], before.dye[2][cell] / before.depth[cell], 1e-6);
    const double taken = before.dyeVolume(2) - after.dyeVolume(2);
    EXPECT_GT(taken, 0.0);
    EXPECT_NEAR(before.dyeLedgers[2].edited - after.dyeLedgers[2].edited, taken, 1e-9 * before.dyeVolume(2));
}

// The editor's dye brush writes a channel's dyed depth: a new channel is created, the change is
// booked as edited, the dye stays within the water, and the run goes on balanced.
TEST_P(SolverDye, DyeEditsAreBookedAndChecked)
{
    CpuSolver solver(1);
    solver.load(dyedMap());
    ASSERT_TRUE(solver.step(10).ok());
    const CellRegion region{20, 10, 6, 5};
    const std::vector<float> depth = solver.readDepth(region);
    std::vector<float> half(depth.size());
    for (std::size_t i = 0; i < depth.size(); ++i) half[i] = 0.5f * depth[i];
    EXPECT_EQ(solver.readDye(3, region), std::vector<float>(depth.size(), 0.0f)); // no channel 3 yet
    solver.setDye(3, region, half);
    EXPECT_EQ(solver.readDye(3, region), half);
    const MapState state = solver.readState();
    ASSERT_EQ(state.dye.size(), 4u);
    EXPECT_NEAR(state.dyeLedgers[3].edited, state.dyeVolume(3), 1e-9 * state.dyeVolume(3));
    EXPECT_GT(state.dyeVolume(3), 0.0);
    std::vector<float> above = depth;
    above[7] += 0.01f;
    EXPECT_THROW(solver.setDye(3, region, above), std::invalid_argument);
    EXPECT_THROW(solver.setDye(4, region, half), std::invalid_argument);
    EXPECT_THROW(solver.setDye(0, CellRegion{45, 30, 6, 8}, half), std::invalid_argument); // off the map
    EXPECT_TRUE(solver.readState().dye[3] == state.dye[3]); // refused edits changed nothing
    ASSERT_TRUE(solver.step(50).ok());
    const MapState after = solver.readState();
    const DyeLedger& l = after.dyeLedgers[3];
    EXPECT_NEAR(after.dyeVolume(3), l.inflow() - l.outflow() + l.edited + l.clipped, 1e-5 * state.dyeVolume(3));
}

// Every lattice and flow model, named BACKEND_LATTICE_MODEL (the CI's sanitizer run picks the
// CPU cases by their "cpu" prefix).
const auto kDyeCases = ::testing::Combine(::testing::Values(LatticeKind::Square, LatticeKind::Triangle),
                                          ::testing::Values(FlowModel::Pipes, FlowModel::Momentum));

std::string dyeCaseName(const std::string& backend, const DyeCase& c)
{
    return backend + (std::get<0>(c) == LatticeKind::Square ? "_square" : "_triangle") + (std::get<1>(c) == FlowModel::Pipes ? "_pipes" : "_momentum");
}

INSTANTIATE_TEST_SUITE_P(LatticesAndModels, SolverDye, kDyeCases,
                         [](const ::testing::TestParamInfo<DyeCase>& info) { return dyeCaseName("cpu", info.param); });

// The OpenCL backend moves the dye with kernels that mirror the CPU's transport (diffusion, on in
// this map, on the host after each step): as the water agrees bitwise with the CPU solver's, so
// does the dye — over calls of several lengths, a dye edit, a depth edit and a refused call.
class SolverDyeOnOpenCl : public SolverDye {};

TEST_P(SolverDyeOnOpenCl, CarriesTheSameDyeBitForBit)
{
    const Map map = dyedMap();
    CpuSolver cpu(1);
    cpu.load(map);
    const opencl::SolverChoice device = opencl::createSolver("opencl", map);
    ASSERT_EQ(device.solver->name().rfind("opencl", 0), 0u) << device.notice; // not the CPU fallback
    Solver& gpu = *device.solver;
    const CellRegion region{20, 10, 6, 5};
    for (Solver* solver : {static_cast<Solver*>(&cpu), &gpu}) {
        ASSERT_TRUE(solver->step(1).ok());
        ASSERT_TRUE(solver->step(7).ok());
        std::vector<float> half = solver->readDepth(region);
        for (float& h : half) h *= 0.5f;
        solver->setDye(3, region, half);        // a new channel by the brush
        solver->setDepth(CellRegion{8, 6, 4, 4}, std::vector<float>(16, 0.25f)); // water taken and added
        ASSERT_TRUE(solver->step(40).ok());
        const MapState kept = solver->readState();
        std::vector<BoundarySegment> flood = {wholeSide(map.state.lattice, Side::West, BoundaryType::Inflow, 1e5)};
        flood[0].dye = 0;
        solver->setBoundary(flood);
        ASSERT_FALSE(solver->step(30).ok());
        EXPECT_TRUE(solver->readState().dye == kept.dye) << solver->name();
        EXPECT_EQ(solver->readState().dyeLedgers, kept.dyeLedgers) << solver->name();
        solver->setBoundary(map.boundary);
        ASSERT_TRUE(solver->step(25).ok());
    }
    const MapState a = cpu.readState(), b = gpu.readState();
    ASSERT_TRUE(a.depth == b.depth); // the water agrees (as the backend tests require) …
    ASSERT_EQ(b.dye.size(), 4u);
    for (std::size_t c = 0; c < a.dye.size(); ++c) EXPECT_TRUE(a.dye[c] == b.dye[c]) << "channel " << c; // … and so does the dye
    EXPECT_EQ(a.dyeLedgers, b.dyeLedgers);
    EXPECT_EQ(cpu.diagnostics().dyeVolumes, gpu.diagnostics().dyeVolumes);
    EXPECT_EQ(gpu.readDye(3, region), cpu.readDye(3, region));
}

INSTANTIATE_TEST_SUITE_P(LatticesAndModels, SolverDyeOnOpenCl, kDyeCases,
                         [](const ::testing::TestParamInfo<DyeCase>& info) { return dyeCaseName("opencl", info.param); });

// The device path proper: no diffusion (which runs on the host, one step per batch), so a call
// runs its steps as one batch of kernels and the dye comes back once, at its end. Every case
// compares the CPU and OpenCL dye, ledgers and diagnostics to the bit, after every call.
class SolverDyeBatchedOnOpenCl : public SolverDye {
protected:
    Map deviceMap() const
    {
        Map map = dyedMap();
        map.params.dyeDiffusivity = 0.0;
        map.params.dyeHalfLife = 40.0;
        return map;
    }

    void load(const Map& map)
    {
        cpu.load(map);
        gpu.load(map);
        ASSERT_TRUE(gpu.carriesDyeOnDevice());
    }

    // The same on both, each call required to succeed (or to be refused) on both.
    void stepBoth(int count, bool expectOk = true)
    {
        ASSERT_EQ(cpu.step(count).ok(), expectOk);
        ASSERT_EQ(gpu.step(count).ok(), expectOk);
    }

    template <class Edit> void editBoth(Edit edit)
    {
        edit(static_cast<Solver&>(cpu));
        edit(static_cast<Solver&>(gpu));
    }

    CpuSolver cpu{1};
    opencl::ClSolver gpu;
};

bool dyeSameBits(const std::vector<float>& a, const std::vector<float>& b)
{
    return a.size() == b.size() && std::memcmp(a.data(), b.data(), a.size() * sizeof(float)) == 0;
}

void expectSameDye(const Solver& cpu, const Solver& gpu, const std::string& when)
{
    const MapState a = cpu.readState(), b = gpu.readState();
    ASSERT_TRUE(dyeSameBits(a.depth.values(), b.depth.values())) << when; // the water agrees (as the backend tests require) …
    ASSERT_EQ(a.dye.size(), b.dye.size()) << when;
    for (std::size_t c = 0; c < a.dye.size(); ++c) EXPECT_TRUE(dyeSameBits(a.dye[c].values(), b.dye[c].values())) << when << ", channel " << c;
    EXPECT_EQ(a.dyeLedgers, b.dyeLedgers) << when; // … and so do the dye and its books
    EXPECT_EQ(cpu.diagnostics().dyeVolumes, gpu.diagnostics().dyeVolumes) << when;
    EXPECT_EQ(cpu.diagnostics().dyeLedgers, gpu.diagnostics().dyeLedgers) << when;
}

TEST_P(SolverDyeBatchedOnOpenCl, ManyStepsPerCall)
{
    load(deviceMap());
    for (int count : {1, 3, 200, 420}) {
        stepBoth(count);
        expectSameDye(cpu, gpu, "after a call of " + std::to_string(count) + " steps");
    }
    const DyeLedger& l = gpu.diagnostics().dyeLedgers[0];
    EXPECT_GT(l.boundaryIn, 0.0);
    EXPECT_GT(l.decayed, 0.0);
}

// A call refused after it stepped (a flood raises the CFL number) leaves the dye and its books as
// they were before it, and the run continues as the CPU's does.
TEST_P(SolverDyeBatchedOnOpenCl, RefusedCallRestoresTheDye)
{
    const Map map = deviceMap();
    load(map);
    stepBoth(60);
    const MapState kept = gpu.readState();
    std::vector<BoundarySegment> flood = {wholeSide(map.state.lattice, Side::West, BoundaryType::Inflow, 1e5)};
    flood[0].dye = 0;
    editBoth([&](Solver& s) { s.setBoundary(flood); });
    stepBoth(200, false);
    const MapState after = gpu.readState();
    ASSERT_EQ(after.dye.size(), kept.dye.size());
    for (std::size_t c = 0; c < kept.dye.size(); ++c) EXPECT_TRUE(dyeSameBits(after.dye[c].values(), kept.dye[c].values())) << "channel " << c;
    EXPECT_EQ(after.dyeLedgers, kept.dyeLedgers);
    EXPECT_EQ(gpu.diagnostics().dyeLedgers, kept.dyeLedgers);
    expectSameDye(cpu, gpu, "after the refused call");
    editBoth([&](Solver& s) { s.setBoundary(map.boundary); });
    stepBoth(150);
    expectSameDye(cpu, gpu, "after the run went on");
}

// Brush edits between batches: a new channel painted, an existing one repainted, water taken and
// added, an undo's restoreDepth; the device takes the edited channels before its next call.
TEST_P(SolverDyeBatchedOnOpenCl, RegionEditsBetweenBatches)
{
    load(deviceMap());
    stepBoth(80);
    const CellRegion brush{20, 10, 6, 5}, water{8, 6, 4, 4};
    editBoth([&](Solver& s) {
        std::vector<float> half = s.readDepth(brush);
        for (float& h : half) h *= 0.5f;
        s.setDye(3, brush, half);
    });
    stepBoth(120);
    expectSameDye(cpu, gpu, "after painting a new channel");
    std::vector<float> kept;
    editBoth([&](Solver& s) {
        kept = s.readDepth(water);
        s.setDepth(water, std::vector<float>(16, 0.25f));
        s.setDye(2, brush, std::vector<float>(brush.cellCount(), 0.0f));
    });
    expectSameDye(cpu, gpu, "after the edits");
    stepBoth(90);
    expectSameDye(cpu, gpu, "after water and dye edits");
    const double edited = cpu.diagnostics().ledger.edited;
    editBoth([&](Solver& s) { s.restoreDepth(water, std::vector<float>(16, 0.5f), edited); });
    stepBoth(70);
    expectSameDye(cpu, gpu, "after a restored depth");
    EXPECT_EQ(gpu.readDye(3, brush), cpu.readDye(3, brush));
}

// Springs of two channels and clean water, a drain and a drain that takes everything, a dyed inflow,
// strong evaporation (cells run dry), rain and a short half-life: every ledger total is used.
TEST_P(SolverDyeBatchedOnOpenCl, WeatherSourcesAndDecay)
{
    Map map = deviceMap();
    map.params.rain = 2e-4;
    map.params.evaporation = 5e-3;
    map.params.dyeHalfLife = 5.0;
    map.sources.push_back({PointSource::Kind::Spring, 10.0, 25.0, 0.3, false});
    map.sources.back().dye = 3;
    map.sources.push_back({PointSource::Kind::Spring, 35.0, 8.0, 0.2, false}); // clean water
    map.sources.push_back({PointSource::Kind::Drain, 25.0, 12.0, 0.0, true});
    releaseDye(map.state, 2, {0.0, 0.0}, 1e4); // all the water: some leaves through the outflow
    load(map);
    ASSERT_EQ(gpu.readState().dye.size(), 4u);
    stepBoth(500);
    expectSameDye(cpu, gpu, "after 500 steps");
    stepBoth(7);
    expectSameDye(cpu, gpu, "after 507 steps");
    const std::vector<DyeLedger> ledgers = gpu.diagnostics().dyeLedgers;
    EXPECT_GT(ledgers[0].boundaryIn, 0.0);
    EXPECT_GT(ledgers[1].springs, 0.0);
    EXPECT_GT(ledgers[3].springs, 0.0);
    EXPECT_GT(ledgers[2].boundaryOut, 0.0);
    EXPECT_GT(ledgers[2].drains, 0.0);
    EXPECT_GT(ledgers[2].evaporation, 0.0);
    EXPECT_GT(ledgers[2].decayed, 0.0);
}

// Diffusion has no kernel: the transport runs on the device and the diffusion on the host after
// each step, one step per batch (as the first OpenCL case checks too).
TEST_P(SolverDyeBatchedOnOpenCl, DiffusionRunsOnTheHost)
{
    Map map = deviceMap();
    map.params.dyeDiffusivity = 0.2;
    load(map);
    stepBoth(30);
    expectSameDye(cpu, gpu, "with diffusion");
}

// The dye rides on the map's stored currents (CurrentDrift, kernels of its own): set between
// calls, slow (one substep), fast (several) and very fast (more than CurrentDrift::kMaxSubsteps,
// cells giving a share of their outflow), then cleared; bitwise the CPU's throughout.
TEST_P(SolverDyeBatchedOnOpenCl, CurrentsCarryTheDyeOnTheDevice)
{
    const Map map = deviceMap();
    load(map);
    stepBoth(40);
    for (double speed : {0.3, 30.0, 3000.0}) {
        CurrentsSettings settings;
        settings.sideSpeed[static_cast<std::size_t>(Side::West)] = speed;
        settings.sideSpeed[static_cast<std::size_t>(Side::East)] = -speed;
        CurrentsSolver currents(map.state.lattice, cpu.readState().depth, settings);
        currents.solve();
        const StoredCurrents stored = storedCurrents(currents);
        editBoth([&](Solver& s) { s.setCurrents(stored.cells, stored.flows); });
        EXPECT_TRUE(gpu.carriesDyeOnDevice());
        stepBoth(25);
        expectSameDye(cpu, gpu, "riding on a current of " + std::to_string(speed) + " m/s");
    }
    editBoth([&](Solver& s) { s.setCurrents({}, {}); });
    stepBoth(30);
    expectSameDye(cpu, gpu, "after the currents were cleared");
}

// The advection and decay kernels take VEC cells of a row: on a map 37 cells wide the last
// work-item of every row has lanes past its end, which must leave the dye there alone.
TEST_P(SolverDyeBatchedOnOpenCl, SameOnEveryVectorWidth)
{
    Map map = dyedMap(true, 37);
    map.params.dyeDiffusivity = 0.0;
    map.params.dyeHalfLife = 40.0;
    releaseDye(map.state, 2, {0.0, 0.0}, 1e4);
    cpu.load(map);
    ASSERT_TRUE(cpu.step(250).ok());
    for (int width : {1, 8, 16}) {
        opencl::ClOptions options;
        options.vectorWidth = width;
        opencl::ClSolver lanes(options);
        lanes.load(map);
        ASSERT_TRUE(lanes.step(250).ok());
        expectSameDye(cpu, lanes, "vector width " + std::to_string(width));
    }
}

INSTANTIATE_TEST_SUITE_P(LatticesAndModels, SolverDyeBatchedOnOpenCl, kDyeCases,
                         [](const ::testing::TestParamInfo<DyeCase>& info) { return dyeCaseName("opencl", info.param); });

} // namespace
} // namespace rb
