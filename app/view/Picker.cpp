#include "view/Picker.h"

#include "view/FlowSpeed.h"

#include <algorithm>
#include <cmath>

namespace rb::view {

void Picker::setState(std::shared_ptr<const MapState> state)
{
    state_ = std::move(state);
    if (!state_) return;
    const MapState& s = *state_;
    surface_ = s.bed;
    for (std::size_t i = 0; i < surface_.size(); ++i)
        if (s.depth[i] >= kDryDepth) surface_[i] += s.depth[i];
    const auto [lo, hi] = std::minmax_element(surface_.values().begin(), surface_.values().end());
    lowest_ = surface_.empty() ? 0.0f : *lo;
    highest_ = surface_.empty() ? 0.0f : *hi;
}

// Rows are lattice.rowSpacing() apart, columns dx (odd triangle rows shifted, which a half-cell
// interpolation error ignores: the nearest cell decides the answer).
float Picker::surfaceAt(double x, double z) const
{
    const Lattice& lattice = state_->lattice;
    const double fx = std::clamp(x / lattice.cellSize() - 0.5, 0.0, lattice.width() - 1.0);
    const double fy = std::clamp(z / lattice.rowSpacing() - 0.5, 0.0, lattice.height() - 1.0);
    const int x0 = std::min(static_cast<int>(fx), lattice.width() - 2 < 0 ? 0 : lattice.width() - 2);
    const int y0 = std::min(static_cast<int>(fy), lattice.height() - 2 < 0 ? 0 : lattice.height() - 2);
    const int x1 = std::min(x0 + 1, lattice.width() - 1), y1 = std::min(y0 + 1, lattice.height() - 1);
    const double tx = fx - x0, ty = fy - y0;
    const double top = surface_(x0, y0) * (1 - tx) + surface_(x1, y0) * tx;
    const double bottom = surface_(x0, y1) * (1 - tx) + surface_(x1, y1) * tx;
    return static_cast<float>(top * (1 - ty) + bottom * ty);
}

// The part of the ray inside the box over the map (slab test).
bool Picker::clipToMap(QVector3D origin, QVector3D direction, float& tEnter, float& tExit) const
{
    const Lattice& lattice = state_->lattice;
    const float low[3] = {0.0f, lowest_ - 1.0f, 0.0f};
    const float high[3] = {static_cast<float>(lattice.worldWidth()), highest_ + 1.0f, static_cast<float>(lattice.worldHeight())};
    tEnter = 0.0f;
    tExit = 1e30f;
    for (int axis = 0; axis < 3; ++axis) {
        const float o = origin[axis], d = direction[axis];
        if (std::abs(d) < 1e-12f) {
            if (o < low[axis] || o > high[axis]) return false;
            continue;
        }
        float t0 = (low[axis] - o) / d, t1 = (high[axis] - o) / d;
        if (t0 > t1) std::swap(t0, t1);
        tEnter = std::max(tEnter, t0);
        tExit = std::min(tExit, t1);
    }
    return tEnter <= tExit;
}

std::optional<PickResult> Picker::pick(QVector3D origin, QVector3D direction) const
{
    if (!state_ || state_->lattice.cellCount() == 0) return std::nullopt;
    direction.normalize();
    float t = 0.0f, tEnd = 0.0f;
    if (!clipToMap(origin, direction, t, tEnd)) return std::nullopt;
    const auto below = [&](float s) {
        const QVector3D p = origin + s * direction;
        return p.y() <= surfaceAt(p.x(), p.z());
    };
    if (below(t)) return std::nullopt; // the eye is under the surface
    // A quarter cell per sample finds every crossing the surface's own resolution can show.
    const float step = 0.25f * static_cast<float>(state_->lattice.cellSize());
    float previous = t;
    for (t += step; t <= tEnd + step; previous = t, t += step) {
        if (!below(std::min(t, tEnd))) continue;
        float lo = previous, hi = std::min(t, tEnd);
        for (int i = 0; i < 24; ++i) {
            const float mid = 0.5f * (lo + hi);
            (below(mid) ? hi : lo) = mid;
        }
        const QVector3D point = origin + hi * direction;
        const auto cell = state_->lattice.nearestCell({point.x(), point.z()});
        if (!cell) return std::nullopt;
        return PickResult{*cell, point};
    }
    return std::nullopt;
}

} // namespace rb::view
