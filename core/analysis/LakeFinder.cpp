#include "analysis/LakeFinder.h"

#include "analysis/Contours.h"
#include "io/flow/VelocityField.h"

#include <algorithm>
#include <cmath>
#include <deque>

namespace rb::analysis {
namespace {

// 1 = still water, 2 = water that moves or touches the sea (not a lake), 0 = dry.
std::vector<std::uint8_t> classify(const MapState& state, const std::vector<std::uint8_t>& sea)
{
    const Lattice& lattice = state.lattice;
    std::vector<std::uint8_t> kind(lattice.cellCount(), 0);
    for (int y = 0; y < lattice.height(); ++y)
        for (int x = 0; x < lattice.width(); ++x) {
            const std::size_t i = lattice.index(x, y);
            if (!(state.depth[i] > kLakeDepth)) continue;
            const bool still = io::cellVelocity(state, x, y).speed() < kStillSpeed;
            kind[i] = (still && !sea[i]) ? 1 : 2;
        }
    return kind;
}

struct Region {
    std::vector<CellCoord> cells;
    bool touchesSea = false;
};

bool isLevel(const MapState& state, const Region& region)
{
    double lowest = 1e300, highest = -1e300;
    for (const CellCoord c : region.cells) {
        const double surface = static_cast<double>(state.bed(c.x, c.y)) + state.depth(c.x, c.y);
        lowest = std::min(lowest, surface);
        highest = std::max(highest, surface);
    }
    return highest - lowest <= kLevelTolerance;
}

Region floodRegion(const Lattice& lattice, CellCoord start, const std::vector<std::uint8_t>& kind, const std::vector<std::uint8_t>& sea,
                   std::vector<int>& label, int id)
{
    Region region;
    std::deque<CellCoord> queue{start};
    label[lattice.index(start.x, start.y)] = id;
    while (!queue.empty()) {
        const CellCoord c = queue.front();
        queue.pop_front();
        region.cells.push_back(c);
        for (int f = 0; f < lattice.familyCount(); ++f) {
            const EdgeFamily& family = lattice.family(f);
            for (const CellOffset o : {family.tailOffset(c.y), family.headOffset(c.y)}) {
                const CellCoord n{c.x + o.dx, c.y + o.dy};
                if (!lattice.contains(n.x, n.y)) continue;
                const std::size_t i = lattice.index(n.x, n.y);
                region.touchesSea = region.touchesSea || sea[i];
                if (kind[i] != 1 || label[i] >= 0) continue;
                label[i] = id;
                queue.push_back(n);
            }
        }
    }
    return region;
}

Lake describe(const MapState& state, const Region& region, const std::vector<int>& label, int id)
{
    const Lattice& lattice = state.lattice;
    Lake lake;
    ContourWindow window{lattice.width(), lattice.height(), -1, -1};
    double surface = 0.0;
    for (const CellCoord c : region.cells) {
        surface += state.bed(c.x, c.y) + state.depth(c.x, c.y);
        window = {std::min(window.x0, c.x - 1), std::min(window.y0, c.y - 1), std::max(window.x1, c.x + 1), std::max(window.y1, c.y + 1)};
    }
    lake.level = surface / static_cast<double>(region.cells.size());
    lake.area = static_cast<double>(region.cells.size()) * lattice.cellArea();
    const auto inside = [&](int x, int y) { return lattice.contains(x, y) && label[lattice.index(x, y)] == id ? 1.0 : 0.0; };
    double largest = -1.0;
    for (Polyline& ring : contourLines(lattice, window, inside, 0.5))
        if (const double area = std::abs(enclosedArea(ring)); area > largest) {
            largest = area;
            lake.polygon = std::move(ring);
        }
    return lake;
}

} // namespace

LakeMap mapLakes(const MapState& state, const std::vector<std::uint8_t>& sea)
{
    const Lattice& lattice = state.lattice;
    const std::vector<std::uint8_t> kind = classify(state, sea);
    std::vector<int> label(lattice.cellCount(), -1);
    LakeMap result;
    result.cellLake.assign(lattice.cellCount(), -1);
    int next = 0;
    for (int y = 0; y < lattice.height(); ++y)
        for (int x = 0; x < lattice.width(); ++x) {
            const std::size_t i = lattice.index(x, y);
            if (kind[i] != 1 || label[i] >= 0) continue;
            const int id = next++;
            const Region region = floodRegion(lattice, {x, y}, kind, sea, label, id);
            if (region.touchesSea || static_cast<int>(region.cells.size()) < kMinLakeCells || !isLevel(state, region)) continue;
            for (const CellCoord c : region.cells) result.cellLake[lattice.index(c.x, c.y)] = static_cast<int>(result.lakes.size());
            result.lakes.push_back(describe(state, region, label, id));
        }
    return result;
}

std::vector<Lake> findLakes(const MapState& state, const std::vector<std::uint8_t>& sea)
{
    return mapLakes(state, sea).lakes;
}

} // namespace rb::analysis
