#pragma once

#include "model/DyeLedger.h"

#include <string>

namespace rb {

// Running totals of the erosion since time 0, in m³ of bed material (docs/erosion.md). The
// suspended load is carried like a dye channel, so its transport keeps a DyeLedger; the rest is
// what passed between the bed and the water. In a run
//   Σ bed·S + Σ sediment·S = initial + carried.inflow() − carried.outflow() + carried.clipped
//                            + carried.edited + rounding + bedEdited
struct SedimentLedger {
    DyeLedger carried;      // the suspended load: in and out through the boundary, drains, clamps
    double eroded = 0.0;    // taken from the bed into suspension
    double deposited = 0.0; // settled from suspension onto the bed
    double slid = 0.0;      // moved downhill by thermal erosion (bed to bed; counted, not a change)
    // Float rounding: what the bed and the load together gained (+) or lost (−) in the exchanges
    // and slides, booked so the balance closes exactly; its size is a figure of merit.
    double rounding = 0.0;

    double netEroded() const { return eroded - deposited; } // the ledger lines' `eroded`
    bool operator==(const SedimentLedger&) const = default;
};

// Empty when every total lies in ±ranges::kMaxLedger, else a message naming the total.
std::string checkSedimentLedger(const SedimentLedger& ledger);

} // namespace rb
