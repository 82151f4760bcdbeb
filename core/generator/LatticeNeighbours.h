#pragma once

#include "lattice/Neighbours.h"
#include "model/BorderCell.h"
#include "model/BoundarySegment.h"

namespace rb::gen {

// rb::forEachNeighbour with the neighbour as visit(nx, ny), as the generator's loops take it.
template <typename Visit>
void forEachNeighbour(const Lattice& lattice, int x, int y, Visit&& visit)
{
    rb::forEachNeighbour(lattice, CellCoord{x, y}, [&visit](CellCoord n) { visit(n.x, n.y); });
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
