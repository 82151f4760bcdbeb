#include "io/flow/SpeedPercentile.h"

#include <algorithm>
#include <cmath>
#include <vector>

namespace rb::io {
namespace {

// Every stride-th column of every stride-th row: a 2-D stride, so the sample covers the map evenly
// (a stride over the flat index could fall on one column when it divides the width).
int strideFor(const Lattice& lattice, std::size_t maxCells)
{
    const double cells = static_cast<double>(lattice.width()) * lattice.height();
    return std::max(1, static_cast<int>(std::ceil(std::sqrt(cells / static_cast<double>(std::max<std::size_t>(1, maxCells))))));
}

} // namespace

std::optional<SpeedPercentile> wetSpeedPercentile(const MapState& state, double fraction, std::size_t maxCells, float wetDepth)
{
    if (state.flows.empty()) return std::nullopt;
    const Lattice& lattice = state.lattice;
    const int stride = strideFor(lattice, maxCells);
    std::vector<double> speeds;
    SpeedPercentile result;
    for (int y = 0; y < lattice.height(); y += stride)
        for (int x = 0; x < lattice.width(); x += stride) {
            ++result.sampledCells;
            if (state.depth(x, y) > wetDepth) speeds.push_back(cellVelocity(state, x, y, wetDepth).speed());
        }
    if (speeds.empty()) return std::nullopt;
    result.wetCells = speeds.size();
    const double rank = std::ceil(std::clamp(fraction, 0.0, 1.0) * static_cast<double>(speeds.size()));
    const auto index = static_cast<std::ptrdiff_t>(std::max(1.0, rank)) - 1;
    std::nth_element(speeds.begin(), speeds.begin() + index, speeds.end());
    result.speed = speeds[static_cast<std::size_t>(index)];
    return result;
}

} // namespace rb::io
