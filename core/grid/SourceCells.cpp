#include "grid/SourceCells.h"

#include "lattice/Lattice.h"

namespace rb {

std::vector<SourceCell> resolveSources(const Lattice& lattice, const std::vector<PointSource>& sources)
{
    std::vector<SourceCell> cells;
    for (const PointSource& s : sources)
        if (const auto c = lattice.nearestCell({s.x, s.y}))
            cells.push_back({static_cast<std::uint32_t>(lattice.index(c->x, c->y)), s.kind, s.rate, s.drainAll, s.dye, s.sediment});
    return cells;
}

} // namespace rb
