// What erosion adds to a step (issue 14: "at most 50% on the CPU at 1024²"): the same flooded
// basin under light rain, stepped with erosion off and on, on both flow models. Figures, not tests.
#include "BenchMaps.h"

#include "solver/CpuSolver.h"

#include <benchmark/benchmark.h>

namespace rb::bench {
namespace {

constexpr int kErosionStepsPerCall = 16;

// Args: size, lattice (0 square, 1 triangle), model (0 pipes, 1 momentum), the bed's interval in
// steps (0: erosion off).
void BM_CpuErosionStep(benchmark::State& state)
{
    Map map = floodedBasin(static_cast<int>(state.range(0)), state.range(1) == 0 ? LatticeKind::Square : LatticeKind::Triangle);
    map.params.model = state.range(2) == 0 ? FlowModel::Pipes : FlowModel::Momentum;
    map.params.manning = state.range(2) == 0 ? 0.0 : 0.03;
    map.params.rain = 1e-5;
    map.params.erosion.enabled = state.range(3) != 0;
    if (map.params.erosion.enabled) map.params.erosion.interval = static_cast<int>(state.range(3));
    CpuSolver solver;
    solver.load(map);
    for (auto _ : state) {
        if (!solver.step(kErosionStepsPerCall).ok()) {
            state.SkipWithError("the solver refused a step");
            return;
        }
    }
    const double cells = static_cast<double>(map.state.lattice.cellCount());
    state.counters["cell_steps/s"] = benchmark::Counter(cells * kErosionStepsPerCall * static_cast<double>(state.iterations()), benchmark::Counter::kIsRate);
}

// Off and on side by side, so one run gives the ratio.
BENCHMARK(BM_CpuErosionStep)
    ->ArgsProduct({{256, 1024}, {0, 1}, {0, 1}, {0, 1, ErosionParams::kDefaultInterval}})
    ->ArgNames({"size", "triangle", "momentum", "interval"})
    ->Unit(benchmark::kMillisecond)
    ->UseRealTime();

} // namespace
} // namespace rb::bench
