#include "model/MemoryBudget.h"

#include <sys/resource.h>

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>

namespace rb {
namespace {

constexpr std::uint64_t kFloat = sizeof(float);

std::uint64_t cells(const Lattice& lattice)
{
    return static_cast<std::uint64_t>(lattice.width()) * static_cast<std::uint64_t>(lattice.height());
}

std::uint64_t faces(const Lattice& lattice)
{
    return static_cast<std::uint64_t>(lattice.familyCount()) * static_cast<std::uint64_t>(lattice.paddedWidth()) *
           static_cast<std::uint64_t>(lattice.paddedHeight());
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
    // (pipes) or the step's face and cell arrays (momentum).
    const std::uint64_t state = mapBytes(lattice, model);
    const std::uint64_t working = model == FlowModel::Momentum ? faces(lattice) * (kFloat + 1) + 6 * cells(lattice) * kFloat : state;
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
    // Noise samples in double, the bed, depth, masks, the river router's cost field and the map's
    // arrays as they are saved. Measured peaks (/usr/bin/time, island preset, less the process's
    // 68 MB before it starts): 81 bytes a cell at 2048², 79 at 4096² (issue 33); it was estimated
    // at 56, and a 4096² generation passed the check under a 1.2 GB limit and failed after 29 s.
    const std::uint64_t n = static_cast<std::uint64_t>(width) * static_cast<std::uint64_t>(height);
    return n * 68 + 2 * n * kFloat * 2;
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

std::string MemoryBudget::refusal(std::uint64_t needed, const std::string& what)
{
    const std::optional<std::uint64_t> available = availableBytes();
    if (!available || needed <= *available) return {};
    // As many decimals as it takes for the two figures to differ ("needs 0.8 GB; 0.8 GB are
    // available" would read as no reason at all).
    int decimals = 1;
    while (decimals < 3 && gigabytesText(needed, decimals) == gigabytesText(*available, decimals)) ++decimals;
    return what + " needs about " + gigabytesText(needed, decimals) + " of memory; " + gigabytesText(*available, decimals) +
           " are available";
}

std::string MemoryBudget::solverRefusal(const Lattice& lattice, FlowModel model, bool openCl, bool recordsMean)
{
    std::uint64_t solver = cpuSolverBytes(lattice, model);
    if (openCl) solver = std::max(solver, openClSolverBytes(lattice, model));
    const std::uint64_t largestRecord = faces(lattice) / static_cast<std::uint64_t>(lattice.familyCount()) * kFloat;
    solver += mapBytes(lattice, model) + largestRecord;
    if (recordsMean) solver += 3 * meanFlowBytes(lattice);
    solver = withReserve(solver);
    const std::uint64_t loaded = mapBytes(lattice, model);
    const std::string what = "simulating this " + std::to_string(lattice.width()) + "×" + std::to_string(lattice.height()) + " map";
    return refusal(solver > loaded ? solver - loaded : 0, what);
}

} // namespace rb
