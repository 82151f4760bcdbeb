#pragma once

#include "model/WetDepth.h"

#include <array>
#include <optional>

namespace rb {

// What drives and shapes a steady current (docs/solver.md, "Currents").
struct CurrentsSettings {
    // The prescribed current across each side (m/s, positive into the map), indexed by Side
    // (North, South, East, West); a side without a value is a wall.
    std::array<std::optional<double>, 4> sideSpeed{};
    static constexpr double kAutomaticViscosity = -1.0;
    // m²/s, diffused implicitly (0: no diffusion step). Automatic (any negative value, the default):
    // the viscosity at which the map's wakes settle, from the map's extent and the fastest current
    // (SteadyViscosity.h); the old default of 1 m²/s left the generated islands unsteady.
    double viscosity = kAutomaticViscosity;
    // Steady when the largest change of a face's flux per width, max|Δ(h·u)| per iteration, is at
    // most tolerance · max|h·u|: the volume the current carries, which the dye rides on (a face a
    // few centimetres deep by the coast that flips between two velocities carries next to nothing).
    double tolerance = 1e-4;
    int maxIterations = 200;  // Stam iterations after the first projection (0: potential flow only)
    // Cells the fastest prescribed current crosses per iteration (the dt). Semi-Lagrangian advection
    // is stable for any; 32 reaches the steady state of the generated islands at 256² and 512²
    // within the default limit, not yet at 1024² (docs/solver.md, "Currents", has the measurements).
    double cfl = 32.0;
    double cgTolerance = 1e-8;  // the projection's relative residual (|A·p − b| / |b|) ...
    // ... or, whichever comes first, its divergence max|∇·(h·u)|·dx / max(h·|u|), 100 times below
    // the bound the result must keep (10⁻⁴).
    double divergenceTolerance = 1e-6;
    int threadCount = 0;      // OpenMP threads (0: OpenMP's default); results do not depend on it
    float wetDepth = water::kWetDepth; // m: shallower cells are land (obstacles)
    // Water shallower than min(shallowDepth, shallowFraction × the deepest water) is coast for the
    // current too (CurrentDepth.h: without bottom friction a film of water a few decimetres deep
    // across a headland carries the sea's full pressure-driven speed and its jet kept the
    // archipelago preset from settling).
    double shallowDepth = 0.5;     // m
    double shallowFraction = 0.05; // of the deepest water: a map of shallow water keeps its water

    bool automaticViscosity() const { return viscosity < 0.0; }
};

} // namespace rb
