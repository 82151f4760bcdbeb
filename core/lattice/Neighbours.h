#pragma once

#include "lattice/Lattice.h"

namespace rb {

// Calls visit(CellCoord) for every cell joined to `c` by a pipe, family by family (its tail, then
// its head): 4 on the square lattice, 6 on the triangular one, fewer at the border. These are the
// cells water can move to in one step.
template <typename Visit>
void forEachNeighbour(const Lattice& lattice, CellCoord c, Visit&& visit)
{
    for (int f = 0; f < lattice.familyCount(); ++f) {
        const EdgeFamily& family = lattice.family(f);
        for (const CellOffset o : {family.tailOffset(c.y), family.headOffset(c.y)})
            if (lattice.contains(c.x + o.dx, c.y + o.dy)) visit(CellCoord{c.x + o.dx, c.y + o.dy});
    }
}

} // namespace rb
