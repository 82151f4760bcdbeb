#pragma once

#include "lattice/Lattice.h"
#include "model/SimParams.h"
#include "solver/Diagnostics.h"

#include <vector>

namespace rb {

// The diagnostics after a depth edit, without a pass over the map (so a brush dab costs the same
// on any map size): the volume moves by the edit, the ledger is the solver's, and the max depth
// (so the CFL number) can only rise with the new depths. Where the edit lowered the deepest
// cell, the max depth stays high until the next step measures it again: the CFL check errs on
// the safe side.
void bookDepthEdit(Diagnostics& diagnostics, const Lattice& lattice, const SimParams& params, double change,
                   const std::vector<float>& newDepths, const VolumeLedger& ledger);

} // namespace rb
