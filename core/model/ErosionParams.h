#pragma once

#include <string>

namespace rb {

// Erosion and deposition by the simulated water (docs/erosion.md). Every rate is per second of
// simulated time, so a run erodes alike whatever its dt.
struct ErosionParams {
    bool enabled = false;
    // Transport capacity: the water in a cell can carry C = capacity · h · |v| · S of sediment (m
    // of bed material over the cell), h the depth, |v| the speed, S the bed's steepest downhill
    // slope (at most 1). h·|v|·S is the unit stream power over ρg: deeper, faster water on a
    // steeper bed carries more. Unit: s/m.
    double capacity = 0.1;
    // Below capacity the bed gives erosionRate · erodibility · (C − s) per second; above it the
    // load settles at depositionRate · (s − C) per second (1/s; over a bed interval of Δt the
    // share of the gap closed is 1 − e^(−rate·Δt), so no rate overshoots).
    double erosionRate = 0.5;
    double depositionRate = 0.5;
    // Thermal erosion: loose material slides while the slope between two cells exceeds the talus
    // angle, thermalRate the share of the excess moved per second (1/s).
    double talusDegrees = 35.0;
    double thermalRate = 1.0;
    // Water shallower than this (m) neither erodes nor carries: its load settles.
    double minDepth = 0.01;
    // The bed's interval: the bed and the load change once every `interval` steps of the water,
    // by that many steps' worth (Δt = interval·dt), with the flows of the interval's last step
    // (docs/erosion.md, "The bed's interval"). 1: after every step, the load carried exactly as
    // dye is. The bed moves far slower than the water, and the interval is what makes erosion cheap.
    int interval = kDefaultInterval;
    static constexpr int kDefaultInterval = 64;
    static constexpr int kMaxInterval = 1000;

    // Empty when valid, else a message naming the offending parameter.
    std::string validate() const;
    bool operator==(const ErosionParams&) const = default;
};

} // namespace rb
