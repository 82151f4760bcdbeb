#include "solver/TilePlan.h"

#include <algorithm>

namespace rb {
namespace {

bool contains(const TilePlan::Rect& r, int x, int y)
{
    return x >= r.x0 && x < r.x1 && y >= r.y0 && y < r.y1;
}

std::size_t windowPadded(const TilePlan::Rect& window, int x, int y)
{
    return static_cast<std::size_t>(y - window.y0 + 1) * static_cast<std::size_t>(window.width() + 2) + static_cast<std::size_t>(x - window.x0 + 1);
}

std::size_t windowCell(const TilePlan::Rect& window, int x, int y)
{
    return static_cast<std::size_t>(y - window.y0) * static_cast<std::size_t>(window.width()) + static_cast<std::size_t>(x - window.x0);
}

} // namespace

void TilePlan::build(const Lattice& lattice, int tileSize, int halo)
{
    tiles_.clear();
    const int width = lattice.width(), height = lattice.height();
    for (int x0 = 0; x0 < width; x0 += tileSize) {
        Tile tile;
        tile.core = {x0, 0, std::min(width, x0 + tileSize), height};
        tile.window = {std::max(0, x0 - halo), 0, std::min(width, tile.core.x1 + halo), height};
        tile.countedCells = {tile.core.x0 - tile.window.x0, 0, tile.core.x1 - tile.window.x0, height};
        tiles_.push_back(std::move(tile));
    }
}

void TilePlan::assignBoundary(const Lattice& lattice, const std::vector<BoundaryEdge>& edges)
{
    const int paddedWidth = lattice.paddedWidth();
    for (Tile& tile : tiles_) {
        tile.edges.clear();
        for (const BoundaryEdge& e : edges) {
            const int cx = static_cast<int>(e.cell % static_cast<std::uint32_t>(lattice.width()));
            const int cy = static_cast<int>(e.cell / static_cast<std::uint32_t>(lattice.width()));
            if (!contains(tile.window, cx, cy)) continue;
            // The head is the interior cell or the ghost beyond it; a window that holds the cell
            // reaches the map's edge there, so its ring holds the ghost.
            const int hx = static_cast<int>(e.flowIndex % static_cast<std::uint32_t>(paddedWidth)) - 1;
            const int hy = static_cast<int>(e.flowIndex / static_cast<std::uint32_t>(paddedWidth)) - 1;
            ViewBoundaryEdge local;
            local.family = e.family;
            local.flowIndex = static_cast<std::uint32_t>(windowPadded(tile.window, hx, hy));
            local.cell = static_cast<std::uint32_t>(windowCell(tile.window, cx, cy));
            local.inward = e.inward;
            local.type = e.type;
            local.value = e.value;
            local.counted = contains(tile.core, cx, cy);
            tile.edges.push_back(local);
        }
    }
}

void TilePlan::assignSources(const Lattice& lattice, const std::vector<SourceCell>& sources)
{
    for (Tile& tile : tiles_) {
        tile.sources.clear();
        for (const SourceCell& s : sources) {
            const int cx = static_cast<int>(s.cell % static_cast<std::uint32_t>(lattice.width()));
            const int cy = static_cast<int>(s.cell / static_cast<std::uint32_t>(lattice.width()));
            if (!contains(tile.window, cx, cy)) continue;
            tile.sources.push_back({static_cast<std::uint32_t>(windowCell(tile.window, cx, cy)), s.kind, s.rate, s.drainAll,
                                    contains(tile.core, cx, cy)});
        }
    }
}

} // namespace rb
