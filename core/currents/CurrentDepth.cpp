#include "currents/CurrentDepth.h"

#include "model/BoundarySegment.h"

#include <algorithm>

namespace rb {

float currentDepthThreshold(const FloatField& depth, const CurrentsSettings& settings)
{
    float deepest = 0.0f;
    for (std::size_t i = 0; i < depth.size(); ++i) deepest = std::max(deepest, depth[i]); // max ignores NaN here: NaN compares false
    const double shallow = std::min(settings.shallowDepth, settings.shallowFraction * static_cast<double>(deepest));
    return std::max(settings.wetDepth, static_cast<float>(shallow));
}

namespace {

// The cells along a side of a W×H field (on either lattice the outermost row or column).
bool sideHasWater(const FloatField& depth, Side side, float threshold)
{
    const bool row = side == Side::North || side == Side::South;
    const int count = row ? depth.width() : depth.height();
    for (int i = 0; i < count; ++i) {
        const int x = row ? i : (side == Side::West ? 0 : depth.width() - 1);
        const int y = row ? (side == Side::North ? 0 : depth.height() - 1) : i;
        if (depth(x, y) > threshold) return true;
    }
    return false;
}

} // namespace

bool waterReachesAnOpenSide(const FloatField& depth, const CurrentsSettings& settings)
{
    const float threshold = currentDepthThreshold(depth, settings);
    for (std::size_t s = 0; s < settings.sideSpeed.size(); ++s)
        if (settings.sideSpeed[s] && sideHasWater(depth, static_cast<Side>(s), threshold)) return true;
    return false;
}

} // namespace rb
