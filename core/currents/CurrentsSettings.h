#pragma once

#include <array>
#include <optional>

namespace rb {

// What drives and shapes a steady current (docs/solver.md, "Currents").
struct CurrentsSettings {
    // The prescribed current across each side (m/s, positive into the map), indexed by Side
    // (North, South, East, West); a side without a value is a wall.
    std::array<std::optional<double>, 4> sideSpeed{};
    double viscosity = 1.0;   // m²/s, diffused implicitly (0: no diffusion step)
    double tolerance = 1e-4;  // steady when max|Δu| per iteration ≤ tolerance · max|u|
    int maxIterations = 200;  // Stam iterations after the first projection (0: potential flow only)
    double cfl = 2.0;         // cells the fastest prescribed current crosses per iteration (the dt)
    double cgTolerance = 1e-8;  // the projection's relative residual
    float wetDepth = 1e-3f;   // m: shallower cells are land (obstacles)
};

} // namespace rb
