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

GridView TileWorkspace::open(const Lattice& lattice, const TilePlan::Tile& tile, int steps, Fields from, Targets to)
{
    lattice_ = &lattice;
    tile_ = &tile;
    from_ = from;
    to_ = to;
    windowExtent_ = paddedExtent(lattice, tile.window);
    coreExtent_ = paddedExtent(lattice, tile.core);
    const TilePlan::Rect& w = tile.window;
    // Just the rows in flight (a tighter ring stays in the second-level cache next to the
    // streams of the map's arrays), or every row of a short window.
    const int rows = std::min(PipeStep::rowsInFlight(steps), w.height() + 2);
    const auto slots = static_cast<std::size_t>(rows);
    bed_.resize(slots * static_cast<std::size_t>(w.width()));
    depth_.resize(slots * static_cast<std::size_t>(w.width()));
    scale_.resize(slots * static_cast<std::size_t>(w.width() + 2));
    view_ = GridView{};
    view_.lattice = &lattice;
    view_.width = w.width();
    view_.height = w.height();
    view_.rowOrigin = w.y0;
    view_.rowSlots = static_cast<unsigned>(rows);
    view_.bed = bed_.data();
    view_.depth = depth_.data();
    for (int f = 0; f < lattice.familyCount(); ++f) {
        flows_[static_cast<std::size_t>(f)].resize(slots * static_cast<std::size_t>(w.width() + 2));
        view_.flows[static_cast<std::size_t>(f)] = flows_[static_cast<std::size_t>(f)].data();
    }
    view_.scale = scale_.data();
    return view_;
}

void TileWorkspace::loadRow(int y)
{
    const TilePlan::Rect& w = tile_->window;
    const int mapY = w.y0 + y;
    const auto width = static_cast<std::size_t>(w.width());
    if (y >= 0 && y < w.height()) {
        const std::size_t from = lattice_->index(w.x0, mapY);
        std::memcpy(&bed_[view_.cell(0, y)], &(*from_.bed)[from], width * sizeof(float));
        std::memcpy(&depth_[view_.cell(0, y)], &(*from_.depth)[from], width * sizeof(float));
    }
    // The scales' ring must read 1; the row's own scales are written before they are read.
    std::fill_n(&scale_[view_.padded(-1, y)], width + 2, 1.0f);
    const bool mapRow = mapY >= windowExtent_.y0 && mapY < windowExtent_.y1;
    for (int f = 0; f < lattice_->familyCount(); ++f) {
        float* local = &flows_[static_cast<std::size_t>(f)][view_.padded(-1, y)];
        std::fill_n(local, width + 2, 0.0f);
        if (mapRow)
            std::memcpy(local + (windowExtent_.x0 - w.x0 + 1), &(*from_.flows)[static_cast<std::size_t>(f)][lattice_->paddedIndex(windowExtent_.x0, mapY)],
                        static_cast<std::size_t>(windowExtent_.width()) * sizeof(float));
    }
}

void TileWorkspace::storeRow(int y)
{
    const TilePlan::Rect& w = tile_->window;
    const TilePlan::Rect& c = tile_->core;
    const int mapY = w.y0 + y;
    if (mapY >= c.y0 && mapY < c.y1)
        std::memcpy(&(*to_.depth)[lattice_->index(c.x0, mapY)], &depth_[view_.cell(c.x0 - w.x0, y)], static_cast<std::size_t>(c.width()) * sizeof(float));
    if (mapY < coreExtent_.y0 || mapY >= coreExtent_.y1) return;
    for (int f = 0; f < lattice_->familyCount(); ++f)
        std::memcpy(&(*to_.flows)[static_cast<std::size_t>(f)][lattice_->paddedIndex(coreExtent_.x0, mapY)],
                    &flows_[static_cast<std::size_t>(f)][view_.padded(coreExtent_.x0 - w.x0, y)], static_cast<std::size_t>(coreExtent_.width()) * sizeof(float));
}

} // namespace rb
