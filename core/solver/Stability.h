#pragma once

#include "lattice/Lattice.h"
#include "model/SimParams.h"

#include <cstdint>
#include <string>

namespace rb {

// Cross-section of a constant pipe (Mei et al. 2007): A = dx².
double constantPipeArea(const Lattice& lattice);

// The explicit scheme is stable while σ = g·(A/l)·dt²/S stays below 1/2 (square) or 4/9
// (triangle): the largest eigenvalue of the lattice's graph Laplacian is 8 or 9 per unit weight.
double stabilityLimit(LatticeKind kind);

// σ / limit under the square root, so it grows linearly with dt and reaches 1 at the limit.
// With depth pipes A = h·w, evaluated at the deepest water on the map. The momentum model adds
// advection: dt·(|u| + √(g·h))·F with F the same lattice factor (|u| the fastest face), or the
// eddy viscosity's 4·ν·dt/l² if that is larger.
double cflNumber(const Lattice& lattice, const SimParams& params, double maxDepth, double maxSpeed = 0.0);

// The momentum model's CFL number from the fastest signal on the map, max over the faces of
// |u| + √(g·h) (a sharper figure than the fastest speed plus the deepest water's wave speed,
// which may sit far apart).
double momentumCflNumber(const Lattice& lattice, const SimParams& params, double fastestSignal);

// The dt at which cflNumber would be 1 (for messages and the editor's dt hints).
double stableDtLimit(const Lattice& lattice, const SimParams& params, double maxDepth, double maxSpeed = 0.0);

// The message of a refused call: what went wrong, that the state is unchanged, and what to lower.
std::string unstableCallMessage(const Lattice& lattice, const SimParams& params, double maxDepth, std::int64_t callStart, const char* what);

} // namespace rb
