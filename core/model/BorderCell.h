#pragma once

#include "lattice/Lattice.h"
#include "model/BoundarySegment.h"

namespace rb {

// The cell at `position` along a side (west to east on north/south, north to south on east/west),
// as BoundarySegment counts them. One home for the solver, the generator, the analysis and the view,
// which all walk boundary segments cell by cell.
CellCoord borderCell(const Lattice& lattice, Side side, int position);

} // namespace rb
