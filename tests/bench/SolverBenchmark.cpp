// The solvers' speed and memory (Google Benchmark): steps, region edits and read-backs on both
// backends and lattices. Figures, not tests: run `riverbed_benchmarks` on a quiet machine.
#include "BenchMaps.h"

#include "SolverFactory.h"

#include <benchmark/benchmark.h>

#include <memory>
#include <string>

namespace rb::bench {
namespace {

constexpr int kStepsPerCall = 16;

LatticeKind latticeOf(const benchmark::State& state)
{
    return state.range(1) == 0 ? LatticeKind::Square : LatticeKind::Triangle;
}

// The solver for `backend`, or null after marking the benchmark as failed (no silent CPU run
// reported as OpenCL).
std::unique_ptr<Solver> solverFor(benchmark::State& state, const std::string& backend, const Map& map)
{
    opencl::SolverChoice choice = opencl::createSolver(backend, map);
    if (!choice.notice.empty()) {
        state.SkipWithError(choice.notice.c_str());
        return nullptr;
    }
    return std::move(choice.solver);
}

// Cell-steps per second, and the heap the loaded solver took per cell (its fields; on PoCL the
// device buffers too, where PoCL allocates them with malloc).
void stepBenchmark(benchmark::State& state, const std::string& backend)
{
    const Map map = floodedBasin(static_cast<int>(state.range(0)), latticeOf(state));
    const std::size_t before = heapBytes();
    std::unique_ptr<Solver> solver = solverFor(state, backend, map);
    if (!solver) return;
    const std::size_t after = heapBytes();
    for (auto _ : state) {
        if (!solver->step(kStepsPerCall).ok()) {
            state.SkipWithError("the solver refused a step");
            return;
        }
    }
    const double cells = static_cast<double>(map.state.lattice.cellCount());
    state.counters["cell_steps/s"] = benchmark::Counter(cells * kStepsPerCall * static_cast<double>(state.iterations()), benchmark::Counter::kIsRate);
    state.counters["heap_bytes/cell"] = after > before ? static_cast<double>(after - before) / cells : 0.0;
}

void BM_CpuStep(benchmark::State& state) { stepBenchmark(state, "cpu"); }
void BM_OpenClStep(benchmark::State& state) { stepBenchmark(state, "opencl"); }

// A 32×32 brush dab between steps: costs the same on any map size (only the rectangle travels).
void editBenchmark(benchmark::State& state, const std::string& backend)
{
    const Map map = floodedBasin(static_cast<int>(state.range(0)), latticeOf(state));
    std::unique_ptr<Solver> solver = solverFor(state, backend, map);
    if (!solver) return;
    const CellRegion dab{map.state.lattice.width() / 2, map.state.lattice.height() / 2, 32, 32};
    std::vector<float> bed = solver->readBed(dab);
    for (auto _ : state) {
        for (float& b : bed) b += 0.001f;
        solver->setBed(dab, bed);
        std::vector<float> depth = solver->readDepth(dab);
        solver->setDepth(dab, depth);
    }
}

void BM_CpuRegionEdit(benchmark::State& state) { editBenchmark(state, "cpu"); }
void BM_OpenClRegionEdit(benchmark::State& state) { editBenchmark(state, "opencl"); }

// What the editor reads per frame (the depth) against the whole state.
void BM_OpenClReadDepth(benchmark::State& state)
{
    const Map map = floodedBasin(static_cast<int>(state.range(0)), latticeOf(state));
    std::unique_ptr<Solver> solver = solverFor(state, "opencl", map);
    if (!solver) return;
    const CellRegion whole = CellRegion::wholeMap(map.state.lattice);
    for (auto _ : state) benchmark::DoNotOptimize(solver->readDepth(whole));
}

void BM_OpenClReadState(benchmark::State& state)
{
    const Map map = floodedBasin(static_cast<int>(state.range(0)), latticeOf(state));
    std::unique_ptr<Solver> solver = solverFor(state, "opencl", map);
    if (!solver) return;
    for (auto _ : state) benchmark::DoNotOptimize(solver->readState());
}

// Arguments: {size, lattice (0 square, 1 triangle)}.
void sizesAndLattices(benchmark::internal::Benchmark* b)
{
    for (int size : {256, 1024})
        for (int lattice : {0, 1}) b->Args({size, lattice});
    b->Unit(benchmark::kMillisecond)->UseRealTime();
}

BENCHMARK(BM_CpuStep)->Apply(sizesAndLattices);
BENCHMARK(BM_OpenClStep)->Apply(sizesAndLattices);
BENCHMARK(BM_CpuRegionEdit)->Args({256, 0})->Args({2048, 0})->Unit(benchmark::kMicrosecond)->UseRealTime();
BENCHMARK(BM_OpenClRegionEdit)->Args({256, 0})->Args({2048, 0})->Unit(benchmark::kMicrosecond)->UseRealTime();
BENCHMARK(BM_OpenClReadDepth)->Args({1024, 0})->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_OpenClReadState)->Args({1024, 0})->Unit(benchmark::kMillisecond)->UseRealTime();

} // namespace
} // namespace rb::bench
