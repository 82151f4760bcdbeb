#include "grid/BoundaryEdges.h"

#include "lattice/Lattice.h"

#include <algorithm>

namespace rb {
namespace {

// The side a ghost cell lies on: rows above/below the map first, so corners belong to north/south.
void locateGhost(const Lattice& lattice, int gx, int gy, Side& side, int& position)
{
    if (gy < 0 || gy >= lattice.height()) {
        side = gy < 0 ? Side::North : Side::South;
        position = std::clamp(gx, 0, lattice.width() - 1);
    } else {
        side = gx < 0 ? Side::West : Side::East;
        position = gy;
    }
}

int governingSegment(const std::vector<BoundarySegment>& segments, Side side, int position)
{
    for (int i = static_cast<int>(segments.size()) - 1; i >= 0; --i) {
        const BoundarySegment& s = segments[static_cast<std::size_t>(i)];
        if (s.side == side && position >= s.start && position <= s.end) return i;
    }
    return -1;
}

// Calls visit(family, headX, headY, interiorX, interiorY, ghostX, ghostY, inward) for each edge
// that joins an interior cell to a ghost cell.
template <typename Visit>
void forEachBoundaryEdge(const Lattice& lattice, Visit&& visit)
{
    for (int f = 0; f < lattice.familyCount(); ++f) {
        const EdgeFamily& family = lattice.family(f);
        for (int y = 0; y < lattice.height(); ++y)
            for (int x = 0; x < lattice.width(); ++x) {
                const CellOffset t = family.tailOffset(y);
                if (!lattice.contains(x + t.dx, y + t.dy)) visit(f, x, y, x, y, x + t.dx, y + t.dy, 1.0f);
                const CellOffset h = family.headOffset(y);
                if (!lattice.contains(x + h.dx, y + h.dy)) visit(f, x + h.dx, y + h.dy, x, y, x + h.dx, y + h.dy, -1.0f);
            }
    }
}

} // namespace

std::vector<BoundaryEdge> expandBoundary(const Lattice& lattice, const std::vector<BoundarySegment>& segments)
{
    std::vector<BoundaryEdge> edges;
    std::vector<int> governing;
    forEachBoundaryEdge(lattice, [&](int f, int hx, int hy, int ix, int iy, int gx, int gy, float inward) {
        BoundaryEdge e;
        e.family = f;
        e.flowIndex = static_cast<std::uint32_t>(lattice.paddedIndex(hx, hy));
        e.cell = static_cast<std::uint32_t>(lattice.index(ix, iy));
        e.inward = inward;
        locateGhost(lattice, gx, gy, e.side, e.position);
        edges.push_back(e);
        governing.push_back(governingSegment(segments, e.side, e.position));
    });
    std::vector<int> edgesPerSegment(segments.size(), 0);
    for (int g : governing)
        if (g >= 0) ++edgesPerSegment[static_cast<std::size_t>(g)];
    for (std::size_t i = 0; i < edges.size(); ++i) {
        if (governing[i] < 0) continue;
        const auto g = static_cast<std::size_t>(governing[i]);
        edges[i].segment = governing[i];
        edges[i].type = segments[g].type;
        edges[i].value = segments[g].type == BoundaryType::Inflow
                             ? static_cast<float>(segments[g].value / edgesPerSegment[g])
                             : static_cast<float>(segments[g].value);
    }
    return edges;
}

} // namespace rb
