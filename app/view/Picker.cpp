#include "view/Picker.h"

#include "view/FlowSpeed.h"

#include <algorithm>
#include <cmath>

namespace rb::view {

namespace {

std::pair<float, float> rangeOf(const FloatField& field)
{
    if (field.empty()) return {0.0f, 0.0f};
    const auto [lo, hi] = std::minmax_element(field.values().begin(), field.values().end());
    return {*lo, *hi};
}

} // namespace

Picker::Surface Picker::surfaceOf(const MapState& state)
{
    Surface surface;
    surface.heights = state.bed;
    for (std::size_t i = 0; i < surface.heights.size(); ++i)
        if (state.depth[i] >= kDryDepth) surface.heights[i] += state.depth[i];
    std::tie(surface.lowest, surface.highest) = rangeOf(surface.heights);
    std::tie(surface.lowestBed, surface.highestBed) = rangeOf(state.bed);
    return surface;
}

void Picker::setState(std::shared_ptr<const MapState> state)
{
    Surface surface = state ? surfaceOf(*state) : Surface();
    setState(std::move(state), std::move(surface));
}

void Picker::setState(std::shared_ptr<const MapState> state, Surface surface)
{
    state_ = std::move(state);
    if (!state_) return;
    triangles_.emplace(state_->lattice);
    surface_ = std::move(surface);
}

// The part of the ray inside the box over the map (slab test).
bool Picker::clipToMap(QVector3D origin, QVector3D direction, float lowest, float highest, double& tEnter, double& tExit) const
{
    const Lattice& lattice = state_->lattice;
    const double low[3] = {0.0, lowest - 1.0, 0.0};
    const double high[3] = {lattice.worldWidth(), highest + 1.0, lattice.worldHeight()};
    tEnter = 0.0;
    tExit = 1e30;
    for (int axis = 0; axis < 3; ++axis) {
        const double o = origin[axis], d = direction[axis];
        if (std::abs(d) < 1e-12) {
            if (o < low[axis] || o > high[axis]) return false;
            continue;
        }
        double t0 = (low[axis] - o) / d, t1 = (high[axis] - o) / d;
        if (t0 > t1) std::swap(t0, t1);
        tEnter = std::max(tEnter, t0);
        tExit = std::min(tExit, t1);
    }
    return tEnter <= tExit;
}

std::optional<PickResult> Picker::pick(QVector3D origin, QVector3D direction, PickTarget target) const
{
    if (!state_ || state_->lattice.cellCount() == 0 || direction.isNull()) return std::nullopt;
    direction.normalize();
    const bool terrain = target == PickTarget::Terrain;
    const FloatField& field = terrain ? state_->bed : surface_.heights;
    double tEnter = 0.0, tExit = 0.0;
    if (!clipToMap(origin, direction, terrain ? surface_.lowestBed : surface_.lowest, terrain ? surface_.highestBed : surface_.highest, tEnter, tExit))
        return std::nullopt;

    std::vector<double> ts{tEnter, tExit};
    triangles_->edgeCrossings(origin.x(), origin.z(), direction.x(), direction.z(), tEnter, tExit, ts);
    std::sort(ts.begin(), ts.end());
    const auto above = [&](double t) { // ray height minus surface height
        return origin.y() + t * direction.y() - triangles_->height(field, origin.x() + t * direction.x(), origin.z() + t * direction.z());
    };
    double previousT = ts.front(), previousGap = above(previousT);
    if (previousGap <= 0.0) return std::nullopt; // the eye is under the surface
    for (std::size_t i = 1; i < ts.size(); ++i) {
        const double gap = above(ts[i]);
        if (gap <= 0.0) { // linear in between: the crossing is where the gap interpolates to 0
            const double t = previousT + (ts[i] - previousT) * previousGap / (previousGap - gap);
            const QVector3D point = origin + static_cast<float>(t) * direction;
            const Lattice& lattice = state_->lattice; // the box's far faces belong to the last cells
            const auto cell = lattice.nearestCell({std::clamp<double>(point.x(), 0.0, std::nextafter(lattice.worldWidth(), 0.0)),
                                                   std::clamp<double>(point.z(), 0.0, std::nextafter(lattice.worldHeight(), 0.0))});
            if (!cell) return std::nullopt;
            return PickResult{*cell, point};
        }
        previousT = ts[i];
        previousGap = gap;
    }
    return std::nullopt;
}

std::optional<float> Picker::surfaceHeight(float x, float z) const
{
    if (!state_ || state_->lattice.cellCount() == 0) return std::nullopt;
    if (x < 0.0f || z < 0.0f || x > state_->lattice.worldWidth() || z > state_->lattice.worldHeight()) return std::nullopt;
    return static_cast<float>(triangles_->height(surface_.heights, x, z));
}

} // namespace rb::view
