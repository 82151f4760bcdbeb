#pragma once

#include "model/MapState.h"

namespace rb::view {

// Depth under which a cell counts as dry for display and speed (m).
inline constexpr float kDryDepth = 0.01f;

// Water speed at a cell (m/s): each family's flow is averaged over the cell's two pipes of that
// family and divided by face width · depth; the family vectors are combined as
// v = (2/F)·Σ q_f·d_f, which is exact for F orthogonal (square) or three 60° (triangle) directions.
double cellSpeed(const MapState& state, int x, int y);

} // namespace rb::view
