#pragma once

#include "lattice/Lattice.h"
#include "model/BoundarySegment.h"
#include "model/PointSource.h"
#include "model/SimParams.h"

#include <cstdint>
#include <string>
#include <vector>

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

// The CFL number after a parameter change: scaled with dt when dt alone changed (every CFL number
// is linear in dt, and the solvers' sharper figures from their last scan stay valid), else
// cflNumber for the new parameters.
double cflAfterParamsChange(const SimParams& before, double cflBefore, const Lattice& lattice, const SimParams& after,
                            double maxDepth, double maxSpeed);

// The dt at which cflNumber would be 1 (for messages and the editor's dt hints).
double stableDtLimit(const Lattice& lattice, const SimParams& params, double maxDepth, double maxSpeed = 0.0);

// The deepest still water that is stable at params.dt (the depth at which cflNumber reaches 1);
// infinite when the CFL number does not depend on depth (constant pipes).
double stableDepth(const Lattice& lattice, const SimParams& params);

// What a solver knew when it refused a call: the model in force and the water at the call's start.
struct RefusalContext {
    const Lattice& lattice;
    const SimParams& params;
    const std::vector<float>& bed; // W×H, row-major
    const std::vector<BoundarySegment>& boundary;
    const std::vector<PointSource>& sources;
    double maxDepth = 0.0;         // m, deepest water when the call started
    double cflAtStart = 0.0;       // the solver's CFL number when the call started
    std::int64_t callStart = 0;    // the step counter when the call started
};

// How the message of a call refused as unstable begins (a smaller dt may get through).
inline constexpr const char* kUnstablePrefix = "unstable: ";

// The message of a refused call: what went wrong, that the state is unchanged, and which parameter
// to lower. That is dt (and gravity) when the water at the call's start was already beyond the
// limit, or when nothing else explains it; a sea level, inflow, spring or rain that alone brings
// water deeper than is stable (or than the depth range allows) within one step is named instead.
// With an automatic time step the drivers are judged at the dt it picks for the water at the
// call's start (not the halved one in force), and the advice is its ceiling and CFL target.
std::string unstableCallMessage(const RefusalContext& context, const char* what);

// " The eddy viscosity ... lower it" when the momentum model's eddy viscosity alone allows no dt
// above `dt` (l²/(4·ν) ≤ dt), else empty: for messages about a dt that could not be found.
std::string viscosityLimitNote(const Lattice& lattice, const SimParams& params, double dt);

// Empty when `count` more steps keep the step counter and the time in their ranges, else the
// refusal's message naming the counter that would pass its limit (nothing has been stepped).
std::string counterLimitMessage(std::int64_t steps, double time, double dt, int count);

// The refusal of a call after which a ledger total left its range (the state is put back).
std::string ledgerLimitMessage(std::int64_t callStart, const std::string& ledgerProblem);

// The `what` of a call after which the water left its range (depth or a flow), for unstableCallMessage.
inline constexpr const char* kWaterOutOfRange = "the water left its range (depth above 1e5 m or a flow above 1e15 m³/s)";

} // namespace rb
