#pragma once

#include "lattice/Lattice.h"
#include "model/SimParams.h"

#include <cstdint>
#include <optional>
#include <string>

namespace rb {

// What the big allocations of a map, a solver or a generation come to, so they can be refused
// before they start ("needs about 3.2 GB") instead of dying in std::bad_alloc half-way. The
// figures are estimates of the arrays (the largest part), with no claim to the last megabyte.
class MemoryBudget {
public:
    // A map's arrays: bed and depth per cell, a discharge (and a velocity, momentum) per face.
    static std::uint64_t mapBytes(const Lattice& lattice, FlowModel model);
    // A solver loaded with such a map, the map's own copy included: the CPU keeps the state, a
    // copy to put back after a refused call and the step's working arrays; OpenCL (PoCL on this
    // machine allocates its buffers in host memory) three state sets and its staging copy.
    static std::uint64_t cpuSolverBytes(const Lattice& lattice, FlowModel model);
    static std::uint64_t openClSolverBytes(const Lattice& lattice, FlowModel model);
    // The time-mean flow's sums (simulate --mean-from): a double per face and per cell.
    static std::uint64_t meanFlowBytes(const Lattice& lattice);
    // A generation of a width × height map: the noise samples and fields it builds on the way.
    static std::uint64_t generationBytes(int width, int height);

    // `bytes` and a fifth more for what the array estimates leave out: the allocator's reserve
    // (glibc gives each thread its own arena, which counts against an address-space limit), the
    // writer's buffers, the threads' stacks. Measured under ulimit -v: without it a 2048² simulate
    // and a 4096² generate passed their checks and ran out of memory at the end, their work lost.
    static std::uint64_t withReserve(std::uint64_t bytes) { return bytes + bytes / 5; }

    // What this process may still allocate: the smaller of the address-space limit (ulimit -v)
    // left and the memory the system reports available. nullopt when neither can be read.
    static std::optional<std::uint64_t> availableBytes();

    // Empty when `needed` fits in what is available, else "WHAT needs about N GB of memory, M GB
    // are available" (the caller's WHAT, e.g. "simulating this 8192×8192 map").
    static std::string refusal(std::uint64_t needed, const std::string& what);
    // The same for loading a solver with a map that has been read already (its arrays count as
    // spent); an OpenCL backend may fall back to the CPU, so it needs room for either.
    // The solver, and the state read back at the end to be saved (a copy of the map's arrays and
    // the largest record's compression buffer): a run must not die of memory after its steps, with
    // its work lost. Recording a time-mean flow adds its sums three times: the solver's (on an
    // OpenCL device, PoCL's host memory), the copy read back and its records' compression.
    static std::string solverRefusal(const Lattice& lattice, FlowModel model, bool openCl, bool recordsMean = false);

    static std::string gigabytesText(std::uint64_t bytes, int decimals = 1);
};

} // namespace rb
