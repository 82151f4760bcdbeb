#include "solver/TileWorkspace.h"

#include <algorithm>
#include <cstring>

namespace rb {
namespace {

// The padded positions [x0, x1) × [y0, y1) of a window, in map coordinates, that hold map data:
// the window itself, plus the ring on the sides where the window reaches the map's edge.
TilePlan::Rect paddedExtent(const Lattice& lattice, const TilePlan::Rect& r)
{
    return {r.x0 == 0 ? -1 : r.x0, r.y0 == 0 ? -1 : r.y0, r.x1 == lattice.width() ? r.x1 + 1 : r.x1,
            r.y1 == lattice.height() ? r.y1 + 1 : r.y1};
}

} // namespace

GridView TileWorkspace::load(const Lattice& lattice, const TilePlan::Tile& tile, const std::vector<float>& bed, const std::vector<float>& depth,
                             const std::vector<std::vector<float>>& flows)
{
    const TilePlan::Rect& w = tile.window;
    const auto cells = static_cast<std::size_t>(w.width()) * static_cast<std::size_t>(w.height());
    const auto padded = static_cast<std::size_t>(w.width() + 2) * static_cast<std::size_t>(w.height() + 2);
    bed_.resize(cells);
    depth_.resize(cells);
    scale_.assign(padded, 1.0f);
    for (int y = w.y0; y < w.y1; ++y) {
        const std::size_t from = lattice.index(w.x0, y), to = static_cast<std::size_t>(y - w.y0) * static_cast<std::size_t>(w.width());
        std::memcpy(&bed_[to], &bed[from], static_cast<std::size_t>(w.width()) * sizeof(float));
        std::memcpy(&depth_[to], &depth[from], static_cast<std::size_t>(w.width()) * sizeof(float));
    }
    const TilePlan::Rect extent = paddedExtent(lattice, w);
    for (int f = 0; f < lattice.familyCount(); ++f) {
        std::vector<float>& local = flows_[static_cast<std::size_t>(f)];
        local.assign(padded, 0.0f);
        for (int y = extent.y0; y < extent.y1; ++y) {
            const std::size_t from = lattice.paddedIndex(extent.x0, y);
            const std::size_t to = static_cast<std::size_t>(y - w.y0 + 1) * static_cast<std::size_t>(w.width() + 2) + static_cast<std::size_t>(extent.x0 - w.x0 + 1);
            std::memcpy(&local[to], &flows[static_cast<std::size_t>(f)][from], static_cast<std::size_t>(extent.width()) * sizeof(float));
        }
    }
    GridView view;
    view.lattice = &lattice;
    view.width = w.width();
    view.height = w.height();
    view.rowOrigin = w.y0;
    view.bed = bed_.data();
    view.depth = depth_.data();
    for (int f = 0; f < lattice.familyCount(); ++f) view.flows[static_cast<std::size_t>(f)] = flows_[static_cast<std::size_t>(f)].data();
    view.scale = scale_.data();
    return view;
}

void TileWorkspace::store(const Lattice& lattice, const TilePlan::Tile& tile, std::vector<float>& depth, std::vector<std::vector<float>>& flows) const
{
    const TilePlan::Rect& w = tile.window;
    const TilePlan::Rect& c = tile.core;
    for (int y = c.y0; y < c.y1; ++y)
        std::memcpy(&depth[lattice.index(c.x0, y)], &depth_[static_cast<std::size_t>(y - w.y0) * static_cast<std::size_t>(w.width()) + static_cast<std::size_t>(c.x0 - w.x0)],
                    static_cast<std::size_t>(c.width()) * sizeof(float));
    const TilePlan::Rect owned = paddedExtent(lattice, c);
    for (int f = 0; f < lattice.familyCount(); ++f)
        for (int y = owned.y0; y < owned.y1; ++y) {
            const std::size_t from = static_cast<std::size_t>(y - w.y0 + 1) * static_cast<std::size_t>(w.width() + 2) + static_cast<std::size_t>(owned.x0 - w.x0 + 1);
            std::memcpy(&flows[static_cast<std::size_t>(f)][lattice.paddedIndex(owned.x0, y)], &flows_[static_cast<std::size_t>(f)][from],
                        static_cast<std::size_t>(owned.width()) * sizeof(float));
        }
}

} // namespace rb
