#pragma once

#include "lattice/Lattice.h"
#include "model/SimParams.h"

#include <cstdint>
#include <optional>
#include <string>

namespace rb {

struct Map;
struct MapState;

// What a command's memory comes to at its largest, so that work which would not fit is refused
// before it starts ("needs about 3.2 GB") instead of dying in std::bad_alloc half-way. The peaks
// are riverbed-cli's whole resident set (what /usr/bin/time calls the maximum resident set size),
// its baseline included, from per-cell figures measured at 256²–16384² (docs/memory.md): within
// 15% of the measured peak, never more than 15% below it.
class MemoryBudget {
public:
    // The process before any map: the program, Qt, the C++ runtime and the libraries they load.
    // Measured: `riverbed-cli --help` peaks at 49 MB resident, a 256² import at 55 MB.
    static constexpr std::uint64_t kProcessBaseline = 52'000'000;

    // What simulate holds besides the water: dye channels, erosion arrays, a time-mean flow.
    struct SimulationExtras {
        int dyeChannels = 0;
        bool erosion = false;
        bool recordsMean = false;
    };

    // A map's arrays: bed and depth per cell, a discharge (and a velocity, momentum) per face.
    static std::uint64_t mapBytes(const Lattice& lattice, FlowModel model);
    // A solver loaded with such a map, the map's own copy included (the editor's estimate): the
    // CPU keeps the state, a copy to put back after a refused call and the step's working arrays;
    // OpenCL (PoCL on this machine allocates its buffers in host memory) three state sets and its
    // staging copy.
    static std::uint64_t cpuSolverBytes(const Lattice& lattice, FlowModel model);
    static std::uint64_t openClSolverBytes(const Lattice& lattice, FlowModel model);
    // The time-mean flow's sums (simulate --mean-from): a double per face and per cell.
    static std::uint64_t meanFlowBytes(const Lattice& lattice);
    // A generation of a width × height map (the editor's estimate: the arrays, no baseline).
    static std::uint64_t generationBytes(int width, int height);

    // Whole-process peaks (kProcessBaseline included).
    // generate of a width × height map; with its erode stage when `erodes`.
    static std::uint64_t generationPeak(const Lattice& lattice, bool erodes);
    // import of a raster of `pixels` samples into a map of `cells` cells.
    static std::uint64_t importPeak(std::uint64_t pixels, std::uint64_t cells);
    // simulate: the map as read, the solver, its dye channels and erosion arrays, the time-mean
    // flow's sums and the state read back to be saved. OpenCL may fall back to the CPU, so it
    // needs room for either.
    static std::uint64_t simulationPeak(const Lattice& lattice, FlowModel model, const SimulationExtras& extras, bool openCl);
    // export over the map as read (`state`), one file written at a time: a layer of `channels`
    // channels (0: none) on a raster of `rasterCells`, every layer in one image (--all), a bundle
    // (every layer, the splat map, the meshes and rivers), the glTF meshes of at most
    // `trianglesPerMesh` each (the water's only when the map has water).
    static std::uint64_t layerExportPeak(const MapState& state, std::uint64_t rasterCells, int channels);
    static std::uint64_t allLayersExportPeak(const MapState& state, std::uint64_t rasterCells);
    static std::uint64_t bundleExportPeak(const MapState& state, std::uint64_t rasterCells);
    static std::uint64_t gltfExportPeak(const MapState& state, std::uint64_t trianglesPerMesh);

    // What this process may still allocate: the smaller of the address-space limit (ulimit -v)
    // left and the memory the system reports available. nullopt when neither can be read.
    static std::optional<std::uint64_t> availableBytes();

    // Empty when `needed` more bytes fit in what is available, else "WHAT needs about N GB of
    // memory; M GB are available" (the caller's WHAT, e.g. "simulating this 8192×8192 map").
    static std::string refusal(std::uint64_t needed, const std::string& what);
    // The same for a whole process's `peak` (the peaks above): what is resident now counts
    // towards it, and what it may still allocate is added to what it holds. With the environment
    // variable RIVERBED_PRINT_MEMORY_ESTIMATE set, the estimate goes to stderr too ("memory
    // estimate: WHAT: N bytes"): how docs/memory.md and the tests compare it with the peak.
    static std::string peakRefusal(std::uint64_t peak, const std::string& what);
    // simulate's check, once the map (with the command's options applied) has been read: its
    // model, its dye channels (held or brought by its boundary and springs) and erosion.
    static std::string solverRefusal(const Map& map, bool openCl, bool recordsMean);
    // The same for the part `held` of the map that one rank of a distributed run steps (its band
    // and halo), before it reads it: `map` gives the model, the dye and erosion, `held` the size.
    static std::string solverRefusal(const Map& map, const Lattice& held, bool openCl, bool recordsMean);

    static std::string gigabytesText(std::uint64_t bytes, int decimals = 1);
};

} // namespace rb
