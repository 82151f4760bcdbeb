#include "model/MemoryBudget.h"

#include "model/Map.h"
#include "model/WetDepth.h"

#include <sys/resource.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>

namespace rb {
namespace {

constexpr std::uint64_t kFloat = sizeof(float);

// Per-cell figures of the whole process's peak, less kProcessBaseline, measured with
// /usr/bin/time on square islands at 256²–8192² (docs/memory.md), rounded up a little.
// generate: the noise samples in double, bed, depth, masks, the river router's cost field and the
// map's arrays as they are saved (84–88 bytes a cell measured).
constexpr std::uint64_t kGenerationBytesPerCell = 88;
// import: per pixel the decoded image (16-bit) and its samples as floats and metres; per cell the
// map's arrays and the compressed record written from them (23–24 bytes a pixel measured in all).
constexpr std::uint64_t kImportBytesPerPixel = 12;
// The image plugin and its decoder, loaded on top of the baseline (a 256² import peaks at 56 MB).
constexpr std::uint64_t kImportFixedBytes = 4'000'000;
constexpr std::uint64_t kImportBytesPerCell = 12;
// simulate, as a multiple of the map's arrays (mapBytes: 16 bytes a square cell for pipes, 24 for
// momentum): the map as read, the solver's state, the state kept for a refused call, the step's
// working arrays and the state read back to be saved (116 and 140 bytes a cell measured).
constexpr double kPipesPeakPerMapByte = 7.4;
constexpr double kMomentumPeakPerMapByte = 5.9;
// Dye (either model): the transport's shared fields (per cell) and per channel the dyed depths in
// the map, the solver, the refused-call copy and the read-back (32 bytes a cell measured with one
// channel, 80 with four).
constexpr std::uint64_t kDyeBytesPerCell = 17;
constexpr std::uint64_t kDyeBytesPerChannelCell = 16;
// Erosion (either model): erodibility, load, deposition and the bed's remainder, their
// refused-call copies, the exchange's and the slide's working arrays (52–57 bytes measured).
constexpr std::uint64_t kErosionBytesPerCell = 57;
// The generated map kept while its erode stage runs (bed, depth, flows, velocities, erodibility).
constexpr std::uint64_t kMapCopyBytesPerCell = 28;
// export: the map as read: bed, depth and the flows (20 bytes a square cell measured, an imported
// map's terrain on its own raster 28 bytes a cell in all) and 4 a cell for each further W×H field
// it holds (erodibility, dye, erosion's); per raster cell a layer's samples, its levels and the
// encoder's buffers. Two measurements part them: a generated 8192² map's terrain on its own 8192²
// raster (32 bytes a cell in all) and resampled to 16384² (24 a map cell and 8 a raster cell); two
// channels 43 bytes a cell in all, the dye's four bytes 39, every layer in one OpenEXR 63.
constexpr std::uint64_t kMapReadBytesPerCell = 20;
constexpr std::uint64_t kLayerBytesPerRasterCell = 8;
constexpr std::uint64_t kSecondChannelBytesPerRasterCell = 12;
constexpr std::uint64_t kAllLayersBytesPerRasterCell = 40;
// A bundle: per map cell its meshes' and rivers' working arrays, per raster cell every layer, one
// after another, and the splat map's four channels and slope field, and the engine's encoders
// loaded once (about 14 MB). Two measurements part them: 60 bytes a cell in all with the raster
// the map's size (256²–4096²), 10.3 GB for a 16384² map on Unity's 4097² raster.
constexpr std::uint64_t kBundleBytesPerMapCell = 17;
constexpr std::uint64_t kBundleBytesPerRasterCell = 23;
constexpr std::uint64_t kBundleFixedBytes = 14'000'000;
// glTF: per wet cell the water mesh's cell-to-vertex map and velocities; per triangle its
// indices, its share of the vertices, the simplifier's queue, the glTF buffer and the file's bytes
// (6 bytes a wet cell and 67 a triangle measured: a dry imported 16384² map, generated islands).
constexpr std::uint64_t kGltfBytesPerWetCell = 6;
constexpr std::uint64_t kGltfBytesPerTriangle = 68;

std::uint64_t cells(const Lattice& lattice)
{
    return static_cast<std::uint64_t>(lattice.width()) * static_cast<std::uint64_t>(lattice.height());
}

std::uint64_t faces(const Lattice& lattice)
{
    return static_cast<std::uint64_t>(lattice.familyCount()) * static_cast<std::uint64_t>(lattice.paddedWidth()) *
           static_cast<std::uint64_t>(lattice.paddedHeight());
}

// The momentum step's free-overfall arrays (MomentumFusedStep): a flag and a kept discharge per face.
std::uint64_t overfallBytes(const Lattice& lattice)
{
    return faces(lattice) * (1 + kFloat);
}

// A layer's bytes a raster cell: two channels or more cost about the same (the dye's four are
// bytes, not floats).
std::uint64_t layerBytesPerRasterCell(int channels)
{
    if (channels <= 0) return 0;
    return channels == 1 ? kLayerBytesPerRasterCell : kLayerBytesPerRasterCell + kSecondChannelBytesPerRasterCell;
}

// What a map read from its file holds: its water's arrays and the further W×H fields it has.
std::uint64_t mapReadBytes(const MapState& state)
{
    std::uint64_t further = state.erodibility.size() + state.sediment.size() + state.deposition.size() + state.bedRemainder.size();
    for (const FloatField& channel : state.dye) further += channel.size();
    return cells(state.lattice) * kMapReadBytesPerCell + further * kFloat;
}

std::uint64_t wetCells(const MapState& state)
{
    return static_cast<std::uint64_t>(std::count_if(state.depth.values().begin(), state.depth.values().end(), [](float h) { return h > water::kWetDepth; }));
}

// A "Key:   123 kB" line of a /proc file, in bytes.
std::optional<std::uint64_t> procKilobytes(const char* file, const std::string& key)
{
    std::ifstream in(file);
    std::string line;
    while (std::getline(in, line)) {
        if (line.compare(0, key.size(), key) != 0) continue;
        std::istringstream fields(line.substr(key.size()));
        std::uint64_t kilobytes = 0;
        if (fields >> kilobytes) return kilobytes * 1024;
    }
    return std::nullopt;
}

} // namespace

std::uint64_t MemoryBudget::mapBytes(const Lattice& lattice, FlowModel model)
{
    const std::uint64_t perFace = model == FlowModel::Momentum ? 2 : 1;
    return 2 * cells(lattice) * kFloat + perFace * faces(lattice) * kFloat;
}

std::uint64_t MemoryBudget::cpuSolverBytes(const Lattice& lattice, FlowModel model)
{
    // The map as read, the solver's state, the state kept for a refusal and the tiles' output
    // (pipes) or the step's face and cell arrays (momentum: a float and a flag per face, six floats
    // a cell, and the free overfalls' arrays).
    const std::uint64_t state = mapBytes(lattice, model);
    const std::uint64_t working =
        model == FlowModel::Momentum ? faces(lattice) * (kFloat + 1) + 6 * cells(lattice) * kFloat + overfallBytes(lattice) : state;
    return 3 * state + working;
}

std::uint64_t MemoryBudget::openClSolverBytes(const Lattice& lattice, FlowModel model)
{
    return 5 * mapBytes(lattice, model); // the map, a staging copy, three state sets on the device
}

std::uint64_t MemoryBudget::meanFlowBytes(const Lattice& lattice)
{
    return (faces(lattice) + cells(lattice)) * sizeof(double);
}

std::uint64_t MemoryBudget::generationBytes(int width, int height)
{
    return static_cast<std::uint64_t>(width) * static_cast<std::uint64_t>(height) * kGenerationBytesPerCell;
}

std::uint64_t MemoryBudget::generationPeak(const Lattice& lattice, bool erodes)
{
    const std::uint64_t generation = kProcessBaseline + cells(lattice) * kGenerationBytesPerCell;
    if (!erodes) return generation;
    // The erode stage runs a momentum solver with erosion on the finished map, whose generation
    // arrays are gone by then but for the map itself: whichever of the two is larger.
    const SimulationExtras erosion{0, true, false};
    return std::max(generation, simulationPeak(lattice, FlowModel::Momentum, erosion, false) + cells(lattice) * kMapCopyBytesPerCell);
}

std::uint64_t MemoryBudget::importPeak(std::uint64_t pixels, std::uint64_t cellCount)
{
    return kProcessBaseline + kImportFixedBytes + pixels * kImportBytesPerPixel + cellCount * kImportBytesPerCell;
}

std::uint64_t MemoryBudget::simulationPeak(const Lattice& lattice, FlowModel model, const SimulationExtras& extras, bool openCl)
{
    const double perMapByte = model == FlowModel::Momentum ? kMomentumPeakPerMapByte : kPipesPeakPerMapByte;
    std::uint64_t solver = static_cast<std::uint64_t>(perMapByte * static_cast<double>(mapBytes(lattice, model)));
    // The CPU step's free-overfall arrays, measured after the factor: allocated whole but written
    // only where a face is an overfall, they are address space more than resident memory (what
    // ulimit -v counts; a 2048² island under an 800 MB limit ran out in its first step without them).
    if (model == FlowModel::Momentum) solver += overfallBytes(lattice);
    if (openCl) solver = std::max(solver, openClSolverBytes(lattice, model) + 2 * mapBytes(lattice, model));
    std::uint64_t peak = kProcessBaseline + solver;
    if (extras.dyeChannels > 0)
        peak += cells(lattice) * (kDyeBytesPerCell + static_cast<std::uint64_t>(extras.dyeChannels) * kDyeBytesPerChannelCell);
    if (extras.erosion) peak += cells(lattice) * kErosionBytesPerCell;
    // The sums four times: the solver's, the copy read back, its records' compression and the
    // mean state reported from them (92 bytes a square cell measured at 2048²).
    if (extras.recordsMean) peak += 4 * meanFlowBytes(lattice);
    return peak;
}

std::uint64_t MemoryBudget::layerExportPeak(const MapState& state, std::uint64_t rasterCells, int channels)
{
    return kProcessBaseline + mapReadBytes(state) + rasterCells * layerBytesPerRasterCell(channels);
}

std::uint64_t MemoryBudget::allLayersExportPeak(const MapState& state, std::uint64_t rasterCells)
{
    return kProcessBaseline + mapReadBytes(state) + rasterCells * kAllLayersBytesPerRasterCell;
}

std::uint64_t MemoryBudget::bundleExportPeak(const MapState& state, std::uint64_t rasterCells)
{
    return kProcessBaseline + kBundleFixedBytes + mapReadBytes(state) + cells(state.lattice) * kBundleBytesPerMapCell +
           rasterCells * kBundleBytesPerRasterCell;
}

std::uint64_t MemoryBudget::gltfExportPeak(const MapState& state, std::uint64_t trianglesPerMesh)
{
    const std::uint64_t wet = wetCells(state);
    const std::uint64_t meshes = wet > 0 ? 2 : 1; // a dry map has no water mesh
    return kProcessBaseline + mapReadBytes(state) + wet * kGltfBytesPerWetCell + meshes * trianglesPerMesh * kGltfBytesPerTriangle;
}

std::optional<std::uint64_t> MemoryBudget::availableBytes()
{
    std::optional<std::uint64_t> available = procKilobytes("/proc/meminfo", "MemAvailable:");
    rlimit limit{};
    if (getrlimit(RLIMIT_AS, &limit) == 0 && limit.rlim_cur != RLIM_INFINITY) {
        const std::uint64_t used = procKilobytes("/proc/self/status", "VmSize:").value_or(0);
        const std::uint64_t left = limit.rlim_cur > used ? limit.rlim_cur - used : 0;
        available = available ? std::min(*available, left) : left;
    }
    return available;
}

std::string MemoryBudget::gigabytesText(std::uint64_t bytes, int decimals)
{
    char text[32];
    std::snprintf(text, sizeof text, "%.*f GB", decimals, static_cast<double>(bytes) / 1e9);
    return text;
}

namespace {

// "WHAT needs about N GB of memory; M GB are available", with as many decimals as it takes for
// the two figures to differ ("needs 0.8 GB; 0.8 GB are available" would read as no reason at all).
std::string refusalText(std::uint64_t needed, std::uint64_t available, const std::string& what)
{
    int decimals = 1;
    while (decimals < 3 && MemoryBudget::gigabytesText(needed, decimals) == MemoryBudget::gigabytesText(available, decimals)) ++decimals;
    return what + " needs about " + MemoryBudget::gigabytesText(needed, decimals) + " of memory; " +
           MemoryBudget::gigabytesText(available, decimals) + " are available";
}

} // namespace

std::string MemoryBudget::refusal(std::uint64_t needed, const std::string& what)
{
    const std::optional<std::uint64_t> available = availableBytes();
    if (!available || needed <= *available) return {};
    return refusalText(needed, *available, what);
}

std::string MemoryBudget::peakRefusal(std::uint64_t peak, const std::string& what)
{
    // Under ulimit -v what is resident now is part of the address space already spent, so the
    // peak may reach it plus what is left; the libraries' mapped but unread pages are not.
    const std::uint64_t resident = procKilobytes("/proc/self/status", "VmRSS:").value_or(0);
    if (std::getenv("RIVERBED_PRINT_MEMORY_ESTIMATE") != nullptr) {
        // The address space it comes to: the peak and what is mapped now without being resident.
        const std::uint64_t mapped = procKilobytes("/proc/self/status", "VmSize:").value_or(0);
        std::fprintf(stderr, "memory estimate: %s: %llu bytes, %llu bytes of address space\n", what.c_str(), static_cast<unsigned long long>(peak),
                     static_cast<unsigned long long>(peak + (mapped > resident ? mapped - resident : 0)));
    }
    const std::optional<std::uint64_t> available = availableBytes();
    if (!available) return {};
    const std::uint64_t reachable = resident + *available;
    if (peak <= reachable) return {};
    return refusalText(peak, reachable, what);
}

std::string MemoryBudget::solverRefusal(const Map& map, bool openCl, bool recordsMean)
{
    return solverRefusal(map, map.state.lattice, openCl, recordsMean);
}

std::string MemoryBudget::solverRefusal(const Map& map, const Lattice& lattice, bool openCl, bool recordsMean)
{
    const int dyeChannels = std::max(static_cast<int>(map.state.dye.size()), dyeChannelsReferenced(map.boundary, map.sources));
    const bool erosion = map.params.erosion.enabled || map.state.hasEroded();
    const SimulationExtras extras{dyeChannels, erosion, recordsMean};
    const FlowModel model = map.params.model;
    const std::string what = "simulating this " + std::to_string(lattice.width()) + "×" + std::to_string(lattice.height()) + " map";
    return peakRefusal(simulationPeak(lattice, model, extras, openCl), what);
}

} // namespace rb
