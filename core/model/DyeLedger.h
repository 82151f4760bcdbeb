#pragma once

#include <string>

namespace rb {

// Dye channels a map may carry (docs/solver.md, "Dye"): the four of an RGBA export.
inline constexpr int kMaxDyeChannels = 4;

// Running totals of one dye channel since time 0, in m³ of dyed water (concentration × water
// volume), kept like the water's VolumeLedger: dye = initial + inflow() − outflow() + edited + clipped.
struct DyeLedger {
    double boundaryIn = 0.0;  // carried in by water entering through boundary edges
    double boundaryOut = 0.0; // carried out by water leaving through them
    double springs = 0.0;     // brought by springs of this channel
    double drains = 0.0;      // taken by drains, with the water they take
    double evaporation = 0.0; // taken in proportion when water evaporates
    double decayed = 0.0;     // lost to the half-life
    // Float rounding kept the dye within the water (0 ≤ dyed depth ≤ depth): what those clamps
    // added (+) or removed (−). Booked so the balance stays exact; its size is a figure of merit.
    double clipped = 0.0;
    double edited = 0.0;      // added (+) or removed (−) by edits of the water or the dye

    double inflow() const { return boundaryIn + springs; }
    double outflow() const { return boundaryOut + drains + evaporation + decayed; }
    bool operator==(const DyeLedger&) const = default;
};

// Empty when `channel` is −1 (no dye) or a channel 0 … kMaxDyeChannels − 1, else a message naming
// `what` ("spring 2", "boundary segment 1 (north)").
std::string checkDyeChannel(int channel, const std::string& what);

// Empty when every total lies in ±ranges::kMaxLedger, else a message naming channel and total.
std::string checkDyeLedger(const DyeLedger& ledger, int channel);

} // namespace rb
