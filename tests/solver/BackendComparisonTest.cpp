// Issue 4: the OpenCL kernels must give the CPU solver's answers, and every OpenCL failure must
// fall back to the CPU solver with a message.
#include "BackendParam.h"
#include "TestMaps.h"

#include "ClDevices.h"
#include "ClSolver.h"
#include "model/CellRegion.h"
#include "model/DemoScene.h"
#include "solver/MomentumStep.h"
#include "SolverFactory.h"

#include <gtest/gtest.h>

#include <cmath>

namespace rb {
namespace {

class CpuVersusOpenCl : public ::testing::TestWithParam<LatticeKind> {};

// Random terrain with rain, evaporation, springs, a drain, and inflow, sea and outflow segments.
Map busyMap(LatticeKind kind, int size = 256)
{
    const Lattice lattice(kind, size, size, 1.0);
    Map map = test::basinMap(lattice, test::roughTerrain(lattice, 81, 3.0f));
    test::fillTo(map.state, 1.5f);
    map.params.dt = 0.03;
    map.params.rain = 2e-4;
    map.params.evaporation = 5e-5;
    map.params.viscosity = 1e-4;
    const int along = size * 40 / 256, span = size * 80 / 256;
    map.boundary = {wholeSide(lattice, Side::West, BoundaryType::Outflow, 0.0), wholeSide(lattice, Side::East, BoundaryType::Sea, 1.8),
                    {Side::North, along, along + span, BoundaryType::Inflow, 6.0}, {Side::South, 0, size * 60 / 256, BoundaryType::Sea, 1.2}};
    const double scale = size / 256.0;
    map.sources = {{PointSource::Kind::Spring, 100.0 * scale, 100.0 * scale, 2.0, false}, {PointSource::Kind::Drain, 150.0 * scale, 60.0 * scale, 1.0, false}};
    return map;
}

// The same with the momentum model, Manning friction and eddy viscosity on (walls on part of the
// north side too, where the step's free slip leaves faces out).
Map busyMomentumMap(LatticeKind kind, int size)
{
    Map map = busyMap(kind, size);
    map.params.model = FlowModel::Momentum;
    map.params.manning = 0.03;
    map.params.eddyViscosity = 0.5;
    map.params.dt = 0.02;
    map.boundary.push_back({Side::North, size * 3 / 4, size - 1, BoundaryType::Wall, 0.0});
    map.sources.push_back({PointSource::Kind::Drain, 0.8 * size, 0.7 * size, 0.0, true});
    return map;
}

float largestDifference(const std::vector<float>& a, const std::vector<float>& b)
{
    float largest = 0.0f;
    for (std::size_t i = 0; i < a.size(); ++i) largest = std::max(largest, std::abs(a[i] - b[i]));
    return largest;
}

// Depths, discharges and velocities bit for bit; the ledger within float summation order.
void expectSameMomentumState(const Solver& cpu, const Solver& gpu, double initialVolume)
{
    const MapState a = cpu.readState(), b = gpu.readState();
    ASSERT_EQ(a.velocities.size(), b.velocities.size());
    std::cout << "[ figures  ] max |depth cpu - opencl| = " << largestDifference(a.depth.values(), b.depth.values()) << " m\n";
    EXPECT_TRUE(a.depth == b.depth);
    EXPECT_TRUE(a.flows == b.flows);
    EXPECT_TRUE(a.velocities == b.velocities);
    const Diagnostics dc = cpu.diagnostics(), dg = gpu.diagnostics();
    EXPECT_EQ(dg.steps, dc.steps);
    EXPECT_EQ(dg.maxDepth, dc.maxDepth);
    EXPECT_EQ(dg.maxSpeed, dc.maxSpeed);
    EXPECT_DOUBLE_EQ(dg.cfl, dc.cfl);
    EXPECT_NEAR(dg.volume / dc.volume, 1.0, 1e-6);
    const auto near = [](double device, double host) { EXPECT_NEAR(device, host, 1e-5 * std::max(1.0, std::abs(host))); };
    near(dg.ledger.boundaryIn, dc.ledger.boundaryIn);
    near(dg.ledger.boundaryOut, dc.ledger.boundaryOut);
    near(dg.ledger.rain, dc.ledger.rain);
    near(dg.ledger.evaporation, dc.ledger.evaporation);
    near(dg.ledger.springs, dc.ledger.springs);
    near(dg.ledger.drains, dc.ledger.drains);
    EXPECT_NEAR(dg.volume, initialVolume + dg.inflow() - dg.outflow(), 1e-5 * initialVolume);
}

TEST_P(CpuVersusOpenCl, SameAnswersAfterAThousandSteps)
{
    const Map map = busyMap(GetParam());
    auto cpu = test::loadedSolver("cpu", map);
    auto gpu = test::loadedSolver("opencl", map);
    for (auto* solver : {cpu.get(), gpu.get()}) {
        const StepResult result = solver->step(1000);
        ASSERT_TRUE(result.ok()) << result.error;
    }
    const MapState a = cpu->readState(), b = gpu->readState();
    float maxDifference = 0.0f;
    for (std::size_t i = 0; i < a.depth.size(); ++i) maxDifference = std::max(maxDifference, std::abs(a.depth[i] - b.depth[i]));
    const Diagnostics dc = cpu->diagnostics(), dg = gpu->diagnostics();
    std::cout << "[ figures  ] " << latticeKindName(GetParam()) << ": max |depth cpu - opencl| = " << maxDifference << " m, volume "
              << dc.volume << " vs " << dg.volume << " m³\n";
    // The README promises the same depths and flows, bit for bit (both sides compile without
    // floating-point contraction); the ledger's sums may run in another order on the device.
    EXPECT_EQ(maxDifference, 0.0f);
    EXPECT_TRUE(a.depth == b.depth);
    EXPECT_TRUE(a.flows == b.flows);
    EXPECT_NEAR(dg.volume / dc.volume, 1.0, 1e-5);
    EXPECT_NEAR(dg.inflow() / dc.inflow(), 1.0, 1e-5);
    EXPECT_NEAR(dg.outflow() / dc.outflow(), 1.0, 1e-5);
    EXPECT_NEAR(dg.maxDepth, dc.maxDepth, 1e-4);
    EXPECT_NEAR(dg.cfl, dc.cfl, 1e-4);
    EXPECT_EQ(dg.steps, dc.steps);
    // The OpenCL ledger balances on its own too.
    const double initial = map.state.volume();
    EXPECT_NEAR(dg.volume, initial + dg.inflow() - dg.outflow(), 1e-5 * initial);
}

TEST_P(CpuVersusOpenCl, LiveParameterChangesReachTheDevice)
{
    Map map = busyMap(GetParam());
    auto cpu = test::loadedSolver("cpu", map);
    auto gpu = test::loadedSolver("opencl", map);
    SimParams changed = map.params;
    changed.friction = 0.5;
    changed.dt = 0.02;
    changed.pipe = PipeMode::Constant;
    for (auto* solver : {cpu.get(), gpu.get()}) {
        ASSERT_TRUE(solver->step(50).ok());
        solver->setParams(changed);
        solver->setBoundary({wholeSide(map.state.lattice, Side::North, BoundaryType::Inflow, 20.0)});
        ASSERT_TRUE(solver->step(50).ok());
    }
    EXPECT_EQ(gpu->params(), changed);
    EXPECT_NEAR(gpu->diagnostics().time, cpu->diagnostics().time, 1e-9);
    EXPECT_NEAR(gpu->diagnostics().volume / cpu->diagnostics().volume, 1.0, 1e-5);
}

// The momentum model's kernels against MomentumStep: every boundary type, springs, drains (one
// draining all), rain, evaporation, Manning and eddy viscosity, 1000 steps.
TEST_P(CpuVersusOpenCl, MomentumSameAnswersAfterAThousandSteps)
{
    const Map map = busyMomentumMap(GetParam(), 128);
    auto cpu = test::loadedSolver("cpu", map);
    auto gpu = test::loadedSolver("opencl", map);
    for (auto* solver : {cpu.get(), gpu.get()}) {
        const StepResult result = solver->step(1000);
        ASSERT_TRUE(result.ok()) << result.error;
    }
    expectSameMomentumState(*cpu, *gpu, map.state.volume());
}

// Dry land, no rain: whole rows of dry faces, which both steps skip (MomentumFusedStep in blocks of
// cells, the kernel per work-item) and must still write as the full computation would.
TEST_P(CpuVersusOpenCl, MomentumOverDryLand)
{
    Map map = busyMomentumMap(GetParam(), 128);
    map.params.rain = 0.0;
    for (int y = 20; y < 100; ++y)
        for (int x = 10 + y % 7; x < 110 - y % 5; ++x) {
            map.state.bed(x, y) += 5.0f;
            map.state.depth(x, y) = 0.0f;
        }
    auto cpu = test::loadedSolver("cpu", map);
    auto gpu = test::loadedSolver("opencl", map);
    for (auto* solver : {cpu.get(), gpu.get()}) {
        const StepResult result = solver->step(300);
        ASSERT_TRUE(result.ok()) << result.error;
    }
    EXPECT_EQ(cpu->readState().depth(60, 60), 0.0f); // the hill stayed dry
    expectSameMomentumState(*cpu, *gpu, map.state.volume());
}

// The seed's friction instead of Manning's, and a switch from pipes to momentum mid-run (the
// velocities start from the flows in force on both backends) and back.
TEST_P(CpuVersusOpenCl, MomentumAfterALiveModelSwitch)
{
    Map map = busyMomentumMap(GetParam(), 96);
    map.params.model = FlowModel::Pipes;
    map.params.manning = 0.0;
    map.params.friction = 0.2;
    // Deep water everywhere: the pipes' films on the rough bed would show speeds (30-100 m/s) that
    // put the first momentum call's CFL number above 1 on either backend.
    test::fillTo(map.state, 4.0f);
    map.boundary[1].value = 4.1;
    map.boundary[3].value = 3.9;
    map.boundary[0] = wholeSide(map.state.lattice, Side::West, BoundaryType::Sea, 4.0); // the pipes' free outflow races too
    map.sources.pop_back();                                                              // as does water into a drained cell
    auto cpu = test::loadedSolver("cpu", map);
    auto gpu = test::loadedSolver("opencl", map);
    SimParams momentum = map.params;
    momentum.model = FlowModel::Momentum;
    for (auto* solver : {cpu.get(), gpu.get()}) {
        ASSERT_TRUE(solver->step(100).ok());
        solver->setParams(momentum);
        const StepResult result = solver->step(300);
        ASSERT_TRUE(result.ok()) << solver->name() << ": " << result.error << " max speed " << solver->diagnostics().maxSpeed << " cfl " << solver->diagnostics().cfl;
    }
    expectSameMomentumState(*cpu, *gpu, map.state.volume());
    for (auto* solver : {cpu.get(), gpu.get()}) {
        solver->setParams(map.params);
        ASSERT_TRUE(solver->step(20).ok());
    }
    EXPECT_TRUE(cpu->readState().depth == gpu->readState().depth);
    EXPECT_TRUE(gpu->readState().velocities.empty());
    EXPECT_TRUE(cpu->readState().velocities.empty());
}

// The demo's dam break after 200 pipes steps: its films carry discharges that U = Q/(h·w) would
// turn into hundreds of m/s. Switched to momentum, the velocities start at most 2·√(g·h), so the
// run goes on at the same dt (it used to be refused, CFL 23), on both backends alike.
TEST_P(CpuVersusOpenCl, MomentumAfterASwitchFromFastFilms)
{
    const Map demo = makeDamBreakDemo(GetParam(), 48);
    auto cpu = test::loadedSolver("cpu", demo);
    auto gpu = test::loadedSolver("opencl", demo);
    SimParams momentum = demo.params;
    momentum.model = FlowModel::Momentum;
    for (auto* solver : {cpu.get(), gpu.get()}) {
        ASSERT_TRUE(solver->step(200).ok());
        solver->setParams(momentum);
        // Seeded from the pipes' flows, no face is faster than kSeedFroude·√(g·h) of its depth.
        const Diagnostics switched = solver->diagnostics();
        EXPECT_LE(switched.maxSpeed, MomentumStep::kSeedFroude * std::sqrt(momentum.gravity * switched.maxDepth)) << solver->name();
        EXPECT_LE(switched.cfl, 1.0) << solver->name();
        const StepResult result = solver->step(50);
        ASSERT_TRUE(result.ok()) << solver->name() << ": " << result.error;
    }
    expectSameMomentumState(*cpu, *gpu, demo.state.volume());
}

// Brush edits between calls (a raised bed under water, a depth dab, an undo's restoreDepth) reach
// what the device's momentum step reads, as they reach the CPU step's.
TEST_P(CpuVersusOpenCl, MomentumAfterRegionEdits)
{
    const Map map = busyMomentumMap(GetParam(), 64);
    auto cpu = test::loadedSolver("cpu", map);
    auto gpu = test::loadedSolver("opencl", map);
    const CellRegion bump{20, 24, 6, 5}, dab{40, 10, 4, 4};
    for (auto* solver : {cpu.get(), gpu.get()}) {
        ASSERT_TRUE(solver->step(150).ok());
        std::vector<float> bed = solver->readBed(bump);
        for (float& b : bed) b += 0.4f;
        solver->setBed(bump, bed);
        const std::vector<float> before = solver->readDepth(dab);
        solver->setDepth(dab, std::vector<float>(dab.cellCount(), 2.5f));
        ASSERT_TRUE(solver->step(100).ok());
        solver->restoreDepth(dab, before, solver->diagnostics().ledger.edited);
        const StepResult result = solver->step(150);
        ASSERT_TRUE(result.ok()) << result.error;
    }
    const MapState a = cpu->readState(), b = gpu->readState();
    EXPECT_TRUE(a.depth == b.depth);
    EXPECT_TRUE(a.flows == b.flows);
    EXPECT_TRUE(a.velocities == b.velocities);
    EXPECT_EQ(gpu->diagnostics().ledger.edited, cpu->diagnostics().ledger.edited);
}

INSTANTIATE_TEST_SUITE_P(Lattices, CpuVersusOpenCl, ::testing::Values(LatticeKind::Square, LatticeKind::Triangle),
                         [](const auto& info) { return std::string(latticeKindName(info.param)); });

class Fallback : public ::testing::TestWithParam<opencl::InjectedFault> {};

TEST_P(Fallback, CpuSolverTakesOverWithAMessage)
{
    const Lattice lattice(LatticeKind::Square, 32, 32, 1.0);
    Map map = test::basinMap(lattice, test::roughTerrain(lattice, 91, 1.0f));
    test::fillTo(map.state, 0.8f);
    const opencl::SolverChoice choice = opencl::createSolver("opencl", map, GetParam());
    ASSERT_NE(choice.solver, nullptr);
    EXPECT_EQ(choice.solver->name(), "cpu");
    EXPECT_NE(choice.notice.find("using the CPU solver instead"), std::string::npos) << choice.notice;
    const char* expected = GetParam() == opencl::InjectedFault::KernelBuildFailure ? "build log"
                           : GetParam() == opencl::InjectedFault::NoDevice       ? "no OpenCL device"
                                                                                 : "could not hold the map";
    EXPECT_NE(choice.notice.find(expected), std::string::npos) << choice.notice;
    EXPECT_EQ(choice.notice.find('\n') == std::string::npos, GetParam() != opencl::InjectedFault::KernelBuildFailure)
        << "one line, plus the build log when there is one";
    // The CPU solver took over with the whole map: it steps and keeps the water.
    ASSERT_TRUE(choice.solver->step(10).ok());
    EXPECT_EQ(choice.solver->diagnostics().steps, 10);
    EXPECT_NEAR(choice.solver->diagnostics().volume / map.state.volume(), 1.0, 1e-6);
}

INSTANTIATE_TEST_SUITE_P(Faults, Fallback,
                         ::testing::Values(opencl::InjectedFault::NoDevice, opencl::InjectedFault::KernelBuildFailure,
                                           opencl::InjectedFault::AllocationFailure),
                         [](const auto& info) {
                             switch (info.param) {
                             case opencl::InjectedFault::NoDevice: return std::string("no_device");
                             case opencl::InjectedFault::KernelBuildFailure: return std::string("kernel_build_failure");
                             default: return std::string("allocation_failure");
                             }
                         });

TEST(Devices, SelectionFollowsIndexNameAndDefault)
{
    std::vector<opencl::DeviceInfo> devices = {{0, "Fancy CPU", "P", "CPU", "OpenCL 1.2", 0, 2}, {1, "Big GPU", "Q", "GPU", "OpenCL 3.0", 0, 40}};
    std::string problem;
    EXPECT_EQ(opencl::chooseDevice(devices, "", &problem), 1); // the first GPU wins
    EXPECT_EQ(opencl::chooseDevice(devices, "0", &problem), 0);
    EXPECT_EQ(opencl::chooseDevice(devices, "fancy", &problem), 0);
    EXPECT_EQ(opencl::chooseDevice(devices, "7", &problem), -1);
    EXPECT_NE(problem.find("index 7"), std::string::npos);
    EXPECT_EQ(opencl::chooseDevice(devices, "tpu", &problem), -1);
    EXPECT_NE(problem.find("tpu"), std::string::npos);
    EXPECT_EQ(opencl::chooseDevice({}, "", &problem), -1);
}

// Issue 16: the compiler's "N warnings generated." went to stderr on every cold-cache build. The
// kernels build with -w in use; here, with warnings on, the build log must hold none.
TEST(Kernels, BuildWithoutCompilerWarnings)
{
    for (const LatticeKind kind : {LatticeKind::Square, LatticeKind::Triangle})
        for (const int vectorWidth : {1, 16}) {
            opencl::ClOptions options;
            options.kernelWarnings = true;
            options.vectorWidth = vectorWidth;
            opencl::ClSolver solver(options);
            const Lattice lattice(kind, 8, 8, 1.0);
            solver.load(test::basinMap(lattice, FloatField(8, 8)));
            const std::string log = solver.kernelBuildLog();
            EXPECT_EQ(log.find("warning"), std::string::npos) << latticeKindName(kind) << ", VEC " << vectorWidth << ":\n" << log;
        }
}

TEST(Devices, UnknownBackendSpellingIsAnError)
{
    const Lattice lattice(LatticeKind::Square, 8, 8, 1.0);
    EXPECT_THROW(opencl::createSolver("cuda", test::basinMap(lattice, FloatField(8, 8))), std::invalid_argument);
}

} // namespace
} // namespace rb
