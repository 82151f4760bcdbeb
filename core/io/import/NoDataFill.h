#pragma once

#include "model/Field.h"

#include <cstddef>

namespace rb::io {

// Fills the NaN cells of a field from their valid neighbours, in waves inwards from the edges of
// each hole: a cell of wave k gets the mean of its valid 8-neighbours (cells of waves before k
// and the original ones), so holes are inpainted smoothly from their rims and every value stays
// within the valid values' range. Each cell is visited a bounded number of times (linear time).
// Returns how many cells were filled; a field with no valid cell is left as it is (returns 0).
std::size_t fillNaNCells(FloatField& field);

} // namespace rb::io
