#pragma once

#include "model/MapState.h"

namespace rb::view {

// Depth under which a cell counts as dry for display and speed (m).
inline constexpr float kDryDepth = 0.01f;

// Water speed at a cell (m/s), reconstructed from the flows as the velocity export does
// (io::cellVelocity), with the display's dry threshold.
double cellSpeed(const MapState& state, int x, int y);

} // namespace rb::view
