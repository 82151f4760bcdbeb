#pragma once

#include "lattice/Lattice.h"
#include "model/BoundarySegment.h"

namespace rb::gen {

// Calls visit(nx, ny) for every cell joined to (x, y) by a pipe: 4 on the square lattice, 6 on
// the triangular one, fewer at the border. These are the cells water can move to in one step.
template <typename Visit>
void forEachNeighbour(const Lattice& lattice, int x, int y, Visit&& visit)
{
    for (int f = 0; f < lattice.familyCount(); ++f) {
        const EdgeFamily& family = lattice.family(f);
        const CellOffset tail = family.tailOffset(y);
        const CellOffset head = family.headOffset(y);
        if (lattice.contains(x + tail.dx, y + tail.dy)) visit(x + tail.dx, y + tail.dy);
        if (lattice.contains(x + head.dx, y + head.dy)) visit(x + head.dx, y + head.dy);
    }
}

} // namespace rb::gen

namespace rb::gen {

// The cell at `position` along a side (west to east on north/south, north to south on east/west),
// as BoundarySegment counts them.
inline CellCoord borderCell(const Lattice& lattice, Side side, int position)
{
    switch (side) {
    case Side::North: return {position, 0};
    case Side::South: return {position, lattice.height() - 1};
    case Side::West: return {0, position};
    case Side::East: return {lattice.width() - 1, position};
    }
    return {position, 0};
}

inline Side oppositeSide(Side side)
{
    switch (side) {
    case Side::North: return Side::South;
    case Side::South: return Side::North;
    case Side::West: return Side::East;
    case Side::East: return Side::West;
    }
    return Side::South;
}

} // namespace rb::gen
