#include "analysis/SeaMask.h"

#include "lattice/Neighbours.h"
#include "model/BorderCell.h"

#include <deque>

namespace rb::analysis {

std::optional<double> seaLevel(const Map& map)
{
    for (const BoundarySegment& s : map.boundary)
        if (s.type == BoundaryType::Sea) return s.value;
    return std::nullopt;
}

std::vector<std::uint8_t> seaMask(const Map& map, double level)
{
    const Lattice& lattice = map.state.lattice;
    const FloatField& bed = map.state.bed;
    std::vector<std::uint8_t> sea(lattice.cellCount(), 0);
    std::deque<CellCoord> queue;
    const auto visit = [&](CellCoord c) {
        if (!lattice.contains(c.x, c.y) || sea[lattice.index(c.x, c.y)] || !(bed(c.x, c.y) < level)) return;
        sea[lattice.index(c.x, c.y)] = 1;
        queue.push_back(c);
    };
    for (const BoundarySegment& s : map.boundary)
        if (s.type == BoundaryType::Sea)
            for (int p = s.start; p <= s.end; ++p) visit(borderCell(lattice, s.side, p));
    while (!queue.empty()) {
        const CellCoord c = queue.front();
        queue.pop_front();
        forEachNeighbour(lattice, c, visit);
    }
    return sea;
}

} // namespace rb::analysis
