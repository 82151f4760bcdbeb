#pragma once

#include "model/MapState.h"

#include <cstdint>
#include <vector>

namespace rb {

// What a solver reports after each call, accumulated in double.
struct Diagnostics {
    std::int64_t steps = 0;
    double time = 0.0;       // s
    double volume = 0.0;     // m³ on the map
    VolumeLedger ledger;     // cumulative in/out by kind since time 0
    double maxDepth = 0.0;   // m
    double maxSpeed = 0.0;   // m/s, |flow| / (face width · mean depth of the two cells), pipes under 1 mm ignored
    double cfl = 0.0;        // stability number: 1 at the scheme's limit (see Stability.h)
    double cflAfterStep = 0.0; // `cfl` as the last step (or the load) left it; another `cfl` means an edit since
    std::vector<double> dyeVolumes;    // m³ of dyed water per channel (empty: no dye)
    std::vector<DyeLedger> dyeLedgers; // per channel, cumulative like `ledger`
    double sediment = 0.0;             // m³ of suspended sediment (erosion, docs/erosion.md)
    SedimentLedger sedimentLedger;     // cumulative like `ledger`

    double inflow() const { return ledger.inflow(); }
    double outflow() const { return ledger.outflow(); }
};

} // namespace rb
