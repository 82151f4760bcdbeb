#pragma once

#include "lattice/Lattice.h"
#include "model/CellRegion.h"

#include <string>
#include <vector>

namespace rb {

// The checks that every region edit shares, whoever makes it (Solver::setBed and friends on either
// backend, the erosion's and the dye's own region edits).
enum class EditedField { Bed, Depth };

// Empty when `values` may replace `field` over `rect`; otherwise why not (for the exception).
std::string checkRegionEdit(const Lattice& lattice, const CellRegion& rect, const std::vector<float>& values, EditedField field);
// Throws std::invalid_argument unless `rect` lies inside the map.
void requireRegionInside(const Lattice& lattice, const CellRegion& rect);

// Σ(after − before) in cell-depth units (multiply by the cell area for m³), summed in double.
double depthChange(const std::vector<float>& before, const std::vector<float>& after);

} // namespace rb
