#include "view/WaterColourScale.h"

#include <algorithm>
#include <cmath>
#include <cstddef>

namespace rb::view {
namespace {

Rgb mix(const Rgb& a, const Rgb& b, float t)
{
    return {a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t};
}

} // namespace

Rgb WaterColourScale::depthColour(float depth)
{
    const float t = 1.0f - std::exp(-depth / kDepthScale);
    return mix(Rgb{0.25f, 0.74f, 0.78f}, Rgb{0.05f, 0.27f, 0.55f}, t);
}

Rgb WaterColourScale::speedColour(float speed)
{
    const std::array<Rgb, 4> stops{Rgb{0.08f, 0.25f, 0.70f}, Rgb{0.15f, 0.80f, 0.90f}, Rgb{1.0f, 0.90f, 0.20f},
                                   Rgb{0.90f, 0.20f, 0.10f}};
    const float t = std::clamp(speed / kTopSpeed, 0.0f, 1.0f) * 3.0f;
    const int i = std::min(2, static_cast<int>(t));
    return mix(stops[static_cast<std::size_t>(i)], stops[static_cast<std::size_t>(i) + 1], t - static_cast<float>(i));
}

} // namespace rb::view
