#pragma once

namespace rb {

// Running totals of one dye channel since time 0, in m³ of dyed water (concentration × water
// volume), kept like the water's VolumeLedger: dye = initial + inflow() − outflow() + edited.
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
    double edited = 0.0;      // added (+) or removed (−) by the editor's brushes

    double inflow() const { return boundaryIn + springs; }
    double outflow() const { return boundaryOut + drains + evaporation + decayed; }
    bool operator==(const DyeLedger&) const = default;
};

} // namespace rb
