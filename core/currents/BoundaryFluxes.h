#pragma once

#include "currents/CurrentGrid.h"
#include "currents/CurrentsSettings.h"

#include <string>
#include <vector>

namespace rb {

// How the prescribed currents add up. A steady incompressible flow needs each connected sea to
// take in what it gives out, so each sea's outflow faces are scaled by its inflow / outflow; a sea
// whose open sides only take in or only give out cannot balance and has them closed (walls).
struct BoundaryBalance {
    double inflow = 0.0;           // m³/s prescribed into the map
    double outflow = 0.0;          // m³/s prescribed out of it
    double balancedOutflow = 0.0;  // m³/s out after balancing (= the inflow of the seas kept open)
    bool balanced = true;          // whether the prescribed currents already balanced (1e-9 relative)
    int closedSeas = 0;            // connected seas whose open sides had to be closed
    int scaledSeas = 0;            // connected seas whose outflow was scaled (by more than the tolerance)
    double largestScaleChange = 0.0; // the largest |scale − 1| of a sea's outflow

    double outflowScale() const { return outflow > 0.0 ? balancedOutflow / outflow : 1.0; }
};

// What was done to balance, in words for the CLI ("" when nothing was): the scaling as a signed
// percentage with two significant digits, so that it never reads "×1" (live water a millimetre
// higher on one side scales by −0.0012 %), and the closed seas on their own — a sea closed beside
// one that balanced scales nothing, which the old message called "scaled ×1".
std::string balanceMessage(const BoundaryBalance& balance);
// The largest scaling of a sea's outflow as a signed percentage (−0.0012 for 0.999988).
double largestScalePercent(const BoundaryBalance& balance);

// The flux into the map through every boundary face (m³/s; negative out), balanced as above.
struct BoundaryFluxes {
    std::vector<double> inward; // per CurrentGrid::boundaryFaces()
    BoundaryBalance balance;
};

BoundaryFluxes balancedBoundaryFluxes(const CurrentGrid& grid, const CurrentsSettings& settings);

} // namespace rb
