#include "generator/SeaFill.h"

#include "generator/LatticeNeighbours.h"

namespace rb::gen {
namespace {

// The border cells whose boundary is sea: later segments override earlier ones, as in the solver.
std::vector<CellCoord> seaBorderCells(const Lattice& lattice, const std::vector<BoundarySegment>& boundary)
{
    std::vector<CellCoord> cells;
    for (Side side : {Side::North, Side::South, Side::West, Side::East}) {
        std::vector<BoundaryType> types(static_cast<std::size_t>(sideLength(lattice, side)), BoundaryType::Wall);
        for (const BoundarySegment& s : boundary)
            if (s.side == side)
                for (int p = s.start; p <= s.end; ++p) types[static_cast<std::size_t>(p)] = s.type;
        for (std::size_t p = 0; p < types.size(); ++p)
            if (types[p] == BoundaryType::Sea) cells.push_back(borderCell(lattice, side, static_cast<int>(p)));
    }
    return cells;
}

} // namespace

std::vector<std::uint8_t> seaCells(const Lattice& lattice, const FloatField& bed,
                                   const std::vector<BoundarySegment>& boundary, float level)
{
    std::vector<std::uint8_t> sea(lattice.cellCount(), 0);
    std::vector<std::uint32_t> queue; // cell indices: half the memory of coordinates on big maps
    auto enter = [&](int x, int y) {
        const std::size_t i = lattice.index(x, y);
        if (sea[i] || !(bed[i] < level)) return;
        sea[i] = 1;
        queue.push_back(static_cast<std::uint32_t>(i));
    };
    for (const CellCoord& c : seaBorderCells(lattice, boundary)) enter(c.x, c.y);
    const auto width = static_cast<std::uint32_t>(lattice.width());
    for (std::size_t next = 0; next < queue.size(); ++next) {
        const std::uint32_t i = queue[next];
        forEachNeighbour(lattice, static_cast<int>(i % width), static_cast<int>(i / width), enter);
    }
    return sea;
}

void fillSea(const std::vector<std::uint8_t>& sea, const FloatField& bed, float level, FloatField& depth)
{
    for (std::size_t i = 0; i < sea.size(); ++i)
        if (sea[i]) depth[i] = level - bed[i];
}

} // namespace rb::gen
