#pragma once

#include "currents/CurrentsSettings.h"
#include "lattice/Lattice.h"

namespace rb {

// The eddy viscosity at which the currents of a map settle (docs/solver.md, "Currents", "Default
// viscosity"). A wake behind an obstacle of size L in a current U stays steady while its Reynolds
// number U·L/ν is below a few tens; islands on a generated map are a good part of the map across,
// so the map's extent stands for L:
//   ν = (fastest prescribed speed) · (the map's larger side, m) / kSteadyReynolds.
// Measured on the generated island at 256² (4 m cells) and 512² (2 m cells), 0.4 m/s west → east:
// ν = 1 m²/s (the old default, Reynolds 400) never settles in 200 iterations — the wake sheds a
// cycle of five iterations, and at 5 m²/s a shallow face by the coast still flips — while 20 m²/s
// settles in 10 (256²) and 19 (512²) iterations.
inline constexpr double kSteadyReynolds = 20.0;

// The viscosity above (m²/s; 0 when no current is prescribed).
double steadyViscosity(const Lattice& lattice, const CurrentsSettings& settings);

// The viscosity a solve uses: settings.viscosity, or steadyViscosity() when it is automatic.
double effectiveViscosity(const Lattice& lattice, const CurrentsSettings& settings);

} // namespace rb
