#include "currents/CurrentGrid.h"

#include "currents/CurrentDepth.h"
#include "model/BoundarySegment.h"

#include <deque>
#include <optional>

namespace rb {

SideNormal inwardNormal(int side)
{
    switch (static_cast<Side>(side)) {
    case Side::North: return {0.0, 1.0}; // y runs south
    case Side::South: return {0.0, -1.0};
    case Side::East: return {-1.0, 0.0};
    case Side::West: return {1.0, 0.0};
    }
    return {};
}

namespace {

// The side a cell outside the map lies beyond; none for one beyond a corner (outside in both
// directions). Such a face (the triangle lattice's oblique faces at the end cells of the first and
// last rows) crosses the wall along the map as much as the open side: it stays closed, which keeps
// a uniform current an exact solution in the corner cells.
std::optional<Side> sideBeyond(const Lattice& lattice, int x, int y)
{
    const bool outsideX = x < 0 || x >= lattice.width(), outsideY = y < 0 || y >= lattice.height();
    if (outsideX && outsideY) return std::nullopt;
    if (outsideX) return x < 0 ? Side::West : Side::East;
    return y < 0 ? Side::North : Side::South;
}

} // namespace

CurrentGrid::CurrentGrid(const Lattice& lattice, const FloatField& depth, const CurrentsSettings& settings) : lattice_(lattice)
{
    numberWetCells(depth, currentDepthThreshold(depth, settings));
    collectFaces(settings);
    labelComponents();
}

void CurrentGrid::numberWetCells(const FloatField& depth, float wetDepth)
{
    wet_.assign(lattice_.cellCount(), -1);
    for (std::size_t i = 0; i < wet_.size(); ++i) {
        if (!(depth[i] > wetDepth)) continue;
        wet_[i] = static_cast<std::int32_t>(cells_.size());
        cells_.push_back(i);
        depth_.push_back(depth[i]);
    }
}

std::int32_t CurrentGrid::faceAt(int family, int x, int y) const
{
    if (!lattice_.contains(x, y)) return -1;
    return faceIndex_[static_cast<std::size_t>(family) * lattice_.cellCount() + lattice_.index(x, y)];
}

void CurrentGrid::addBoundaryFace(std::int32_t cell, int family, int x, int y, CellOffset outside, bool cellIsHead, const CurrentsSettings& settings)
{
    const std::optional<Side> beyond = sideBeyond(lattice_, x + outside.dx, y + outside.dy);
    if (!beyond || !settings.sideSpeed[static_cast<std::size_t>(*beyond)]) return; // a wall
    const Side side = *beyond;
    const EdgeFamily& f = lattice_.family(family);
    const SideNormal n = inwardNormal(static_cast<int>(side));
    const double along = (n.x * f.directionX + n.y * f.directionY) * (cellIsHead ? 1.0 : -1.0);
    if (along <= 0.0) return; // a face parallel to the side carries nothing across it
    boundary_.push_back({cell, family, static_cast<std::int32_t>(side), cellIsHead, depth(cell) * f.faceWidth * along});
}

void CurrentGrid::collectFaces(const CurrentsSettings& settings)
{
    faceIndex_.assign(static_cast<std::size_t>(lattice_.familyCount()) * lattice_.cellCount(), -1);
    for (std::int32_t cell = 0; cell < wetCount(); ++cell) {
        const int x = static_cast<int>(cellOf(cell) % static_cast<std::size_t>(lattice_.width()));
        const int y = static_cast<int>(cellOf(cell) / static_cast<std::size_t>(lattice_.width()));
        for (int f = 0; f < lattice_.familyCount(); ++f) {
            const EdgeFamily& family = lattice_.family(f);
            const CellOffset t = family.tailOffset(y), h = family.headOffset(y);
            if (!lattice_.contains(x + h.dx, y + h.dy)) addBoundaryFace(cell, f, x, y, h, false, settings);
            if (!lattice_.contains(x + t.dx, y + t.dy)) {
                addBoundaryFace(cell, f, x, y, t, true, settings);
                continue;
            }
            const std::int32_t tail = wet_[lattice_.index(x + t.dx, y + t.dy)];
            if (tail < 0) continue; // the coast: no flow through land
            // The face's depth is the mean of its cells' (a smooth sea floor stays smooth).
            const double area = 0.5 * (depth(tail) + depth(cell)) * family.faceWidth;
            faceIndex_[static_cast<std::size_t>(f) * lattice_.cellCount() + cellOf(cell)] = static_cast<std::int32_t>(faces_.size());
            faces_.push_back({tail, cell, f, area, area / family.pipeLength});
        }
    }
}

void CurrentGrid::labelComponents()
{
    std::vector<std::vector<std::int32_t>> neighbours(cells_.size());
    for (const InteriorFace& face : faces_) {
        neighbours[static_cast<std::size_t>(face.tail)].push_back(face.head);
        neighbours[static_cast<std::size_t>(face.head)].push_back(face.tail);
    }
    component_.assign(cells_.size(), -1);
    for (std::int32_t start = 0; start < wetCount(); ++start) {
        if (component_[static_cast<std::size_t>(start)] >= 0) continue;
        std::deque<std::int32_t> queue{start};
        component_[static_cast<std::size_t>(start)] = components_;
        while (!queue.empty()) {
            const std::int32_t cell = queue.front();
            queue.pop_front();
            for (std::int32_t next : neighbours[static_cast<std::size_t>(cell)])
                if (component_[static_cast<std::size_t>(next)] < 0) {
                    component_[static_cast<std::size_t>(next)] = components_;
                    queue.push_back(next);
                }
        }
        ++components_;
    }
}

} // namespace rb
