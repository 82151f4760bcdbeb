#pragma once

#include <array>

namespace rb::view {

// The water's colours by depth and by speed: one definition for the renderer and the legend.
using Rgb = std::array<float, 3>;

struct WaterColourScale {
    // Depth: shallow turquoise to deep blue, reaching 63% of the way at kDepthScale metres.
    static constexpr float kDepthScale = 4.0f;
    // Speed: blue when still, through cyan and yellow to red at kTopSpeed m/s and above.
    static constexpr float kTopSpeed = 4.0f;

    static Rgb depthColour(float depth);
    static Rgb speedColour(float speed);
};

} // namespace rb::view
