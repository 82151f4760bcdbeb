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
    // Cells the fastest prescribed current crosses per iteration (the dt). Semi-Lagrangian advection
    // is stable for any; 32 reaches the steady state of the generated islands at 256² and 512²
    // within the default limit, not yet at 1024² (docs/solver.md, "Currents", has the measurements).
    double cfl = 32.0;
    double cgTolerance = 1e-8;  // the projection's relative residual (|A·p − b| / |b|) ...
    // ... or, whichever comes first, its divergence max|∇·(h·u)|·dx / max(h·|u|), 100 times below
    // the bound the result must keep (10⁻⁴).
    double divergenceTolerance = 1e-6;
    int threadCount = 0;      // OpenMP threads (0: OpenMP's default); results do not depend on it
    float wetDepth = 1e-3f;   // m: shallower cells are land (obstacles)
};

} // namespace rb
