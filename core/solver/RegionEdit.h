#pragma once

#include "lattice/Lattice.h"
#include "model/CellRegion.h"
#include "model/SimParams.h"
#include "solver/Diagnostics.h"

#include <string>
#include <vector>

namespace rb {

// The checks and copies that every backend's region edits share (Solver::setBed and friends).
enum class EditedField { Bed, Depth };

// Empty when `values` may replace `field` over `rect`; otherwise why not (for the exception).
std::string checkRegionEdit(const Lattice& lattice, const CellRegion& rect, const std::vector<float>& values, EditedField field);
// Throws std::invalid_argument unless `rect` lies inside the map.
void requireRegionInside(const Lattice& lattice, const CellRegion& rect);

// Σ(after − before) in cell-depth units (multiply by the cell area for m³), summed in double.
double depthChange(const std::vector<float>& before, const std::vector<float>& after);

// The diagnostics after a depth edit, without a pass over the map (so a brush dab costs the same
// on any map size): the volume moves by the edit, the ledger is the solver's, and the max depth
// (so the CFL number) can only rise with the new depths. Where the edit lowered the deepest
// cell, the max depth stays high until the next step measures it again: the CFL check errs on
// the safe side.
void bookDepthEdit(Diagnostics& diagnostics, const Lattice& lattice, const SimParams& params, double change,
                   const std::vector<float>& newDepths, const VolumeLedger& ledger);

} // namespace rb
