#include "solver/DepthEditBooking.h"

#include "solver/Stability.h"

#include <algorithm>

namespace rb {

void bookDepthEdit(Diagnostics& diagnostics, const Lattice& lattice, const SimParams& params, double change,
                   const std::vector<float>& newDepths, const VolumeLedger& ledger)
{
    diagnostics.volume += change * lattice.cellArea();
    diagnostics.ledger = ledger;
    if (!newDepths.empty())
        diagnostics.maxDepth = std::max(diagnostics.maxDepth, static_cast<double>(*std::max_element(newDepths.begin(), newDepths.end())));
    diagnostics.cfl = cflNumber(lattice, params, diagnostics.maxDepth);
}

} // namespace rb
