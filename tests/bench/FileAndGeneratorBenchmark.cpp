// Saving and generating (Google Benchmark): the editor's long jobs besides stepping.
#include "BenchMaps.h"

#include "generator/TerrainGenerator.h"
#include "io/map/MapFile.h"

#include <benchmark/benchmark.h>

namespace rb::bench {
namespace {

// Encoding a map as the .rbmap writer does (compression and checksums), without the disk.
void BM_EncodeMap(benchmark::State& state)
{
    const Map map = floodedBasin(static_cast<int>(state.range(0)), LatticeKind::Square);
    std::size_t bytes = 0;
    for (auto _ : state) bytes = static_cast<std::size_t>(io::encodeMap(map).size());
    const double cells = static_cast<double>(map.state.lattice.cellCount());
    state.counters["cells/s"] = benchmark::Counter(cells * static_cast<double>(state.iterations()), benchmark::Counter::kIsRate);
    state.counters["file_bytes/cell"] = static_cast<double>(bytes) / cells;
}

void BM_GenerateIsland(benchmark::State& state)
{
    gen::GeneratorSettings settings(gen::Preset::Island);
    settings.common.width = settings.common.height = static_cast<int>(state.range(0));
    for (auto _ : state) {
        const gen::GenerationResult result = gen::generateMap(settings);
        if (!result.ok()) {
            state.SkipWithError(result.error.c_str());
            return;
        }
    }
}

BENCHMARK(BM_EncodeMap)->Arg(512)->Arg(1024)->Unit(benchmark::kMillisecond)->UseRealTime();
BENCHMARK(BM_GenerateIsland)->Arg(512)->Arg(1024)->Unit(benchmark::kMillisecond)->UseRealTime();

} // namespace
} // namespace rb::bench
