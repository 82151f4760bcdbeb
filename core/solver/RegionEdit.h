#pragma once

#include "lattice/Lattice.h"
#include "model/CellRegion.h"

#include <string>
#include <vector>

namespace rb {

// The checks and copies that every backend's region edits share (Solver::setBed and friends).
enum class EditedField { Bed, Depth };

// Empty when `values` may replace `field` over `rect`; otherwise why not (for the exception).
std::string checkRegionEdit(const Lattice& lattice, const CellRegion& rect, const std::vector<float>& values, EditedField field);
// Throws std::invalid_argument unless `rect` lies inside the map.
void requireRegionInside(const Lattice& lattice, const CellRegion& rect);

// `region` out of / into a row-major field `fieldWidth` cells wide.
std::vector<float> copyRegion(const std::vector<float>& field, int fieldWidth, const CellRegion& rect);
void writeRegion(std::vector<float>& field, int fieldWidth, const CellRegion& rect, const std::vector<float>& values);

// Σ(after − before) in cell-depth units (multiply by the cell area for m³), summed in double.
double depthChange(const std::vector<float>& before, const std::vector<float>& after);

} // namespace rb
