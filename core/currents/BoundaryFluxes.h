#pragma once

#include "currents/CurrentGrid.h"
#include "currents/CurrentsSettings.h"

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

    double outflowScale() const { return outflow > 0.0 ? balancedOutflow / outflow : 1.0; }
};

// The flux into the map through every boundary face (m³/s; negative out), balanced as above.
struct BoundaryFluxes {
    std::vector<double> inward; // per CurrentGrid::boundaryFaces()
    BoundaryBalance balance;
};

BoundaryFluxes balancedBoundaryFluxes(const CurrentGrid& grid, const CurrentsSettings& settings);

} // namespace rb
