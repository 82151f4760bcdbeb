// The steady-current solver's speed (Google Benchmark; docs/solver.md, "Currents"): one Stam
// iteration (advect, diffuse, project) and a whole solve on generated islands, both lattices.
// Figures, not tests: run `riverbed_benchmarks --benchmark_filter=Currents` on a quiet machine.
#include "currents/CurrentsSolver.h"
#include "generator/TerrainGenerator.h"

#include <benchmark/benchmark.h>

namespace rb::bench {
namespace {

// The island preset with radius 0.3 of the half map, as tests/currents and docs/solver.md use.
Map islandMap(const benchmark::State& state)
{
    gen::GeneratorSettings settings(gen::Preset::Island);
    settings.common.width = static_cast<int>(state.range(0));
    settings.common.height = settings.common.width;
    settings.common.lattice = state.range(1) == 0 ? LatticeKind::Square : LatticeKind::Triangle;
    settings.island.radius = 0.3;
    return gen::generateMap(settings).map;
}

// A current of 0.4 m/s from west to east, the settings' defaults otherwise.
CurrentsSettings eastward(int maxIterations)
{
    CurrentsSettings settings;
    settings.sideSpeed[static_cast<std::size_t>(Side::West)] = 0.4;
    settings.sideSpeed[static_cast<std::size_t>(Side::East)] = -0.4;
    settings.maxIterations = maxIterations;
    return settings;
}

// Iterations from the potential flow on: the first ones, the dearest (the field changes most).
void BM_CurrentsIteration(benchmark::State& state)
{
    const Map map = islandMap(state);
    CurrentsSolver solver(map.state.lattice, map.state.depth, eastward(0));
    CurrentsReport report = solver.solve();
    for (auto _ : state) benchmark::DoNotOptimize(solver.iterate(report));
    state.counters["cg_per_iteration"] = static_cast<double>(report.cgIterations) / static_cast<double>(report.iterations + 1);
}

// Construction (grid, matrices, multigrid) and solve() to the tolerance or the iteration limit.
void BM_CurrentsSolve(benchmark::State& state)
{
    const Map map = islandMap(state);
    CurrentsReport report;
    for (auto _ : state) {
        CurrentsSolver solver(map.state.lattice, map.state.depth, eastward(CurrentsSettings{}.maxIterations));
        report = solver.solve();
    }
    state.counters["iterations"] = report.iterations;
    state.counters["residual"] = report.residual;
    state.counters["converged"] = report.converged ? 1.0 : 0.0;
}

BENCHMARK(BM_CurrentsIteration)->Args({512, 0})->Args({512, 1})->Unit(benchmark::kMillisecond)->UseRealTime();
// One solve per figure. At 512² a solve takes minutes and 256² triangle some 20 s of CPU
// (riverbed-cli currents measures them, see docs/solver.md): too long for bench.smoke, which runs
// every benchmark within its timeout.
BENCHMARK(BM_CurrentsSolve)->Args({128, 0})->Args({128, 1})->Args({256, 0})->Iterations(1)->Unit(benchmark::kMillisecond)->UseRealTime();

} // namespace
} // namespace rb::bench
