#pragma once

#include "lattice/Lattice.h"
#include "model/BorderCell.h"
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
