#pragma once

#include "model/SedimentLedger.h"

#include <cstdint>

namespace rb::gen {

// What the generator's erode stage did (GenerationResult::erosion); all zero when it did not run.
// The books close as the solver's do (SedimentLedger.h), the load settled at the end included:
//   bedVolumeAfter − bedVolumeBefore = ledger.carried.inflow() − ledger.carried.outflow()
//                                      + ledger.carried.clipped + ledger.carried.edited + ledger.rounding
struct ErosionSummary {
    bool ran = false;
    double seconds = 0.0;         // simulated time
    std::int64_t steps = 0;       // solver steps
    SedimentLedger ledger;        // the stage's totals (m³ of bed material)
    double bedVolumeBefore = 0.0; // m³: Σ bed·cell area over the map (double, in cell order)
    double bedVolumeAfter = 0.0;
};

} // namespace rb::gen
