#pragma once

#include "model/Field.h"

#include <cstdint>

namespace rb::io {

// The distance (m) from every sample of a grid to the nearest sample marked in `water` (non-zero),
// 0 on water, infinity when nothing is marked. A two-pass 8-neighbour chamfer distance with the
// grid's own steps: exact along rows, columns and diagonals, at most about 8 % long in between,
// which is plenty for a shore band a few samples wide and costs O(samples) at any width.
FloatField distanceToWater(const Field<std::uint8_t>& water, double stepX, double stepY);

} // namespace rb::io
