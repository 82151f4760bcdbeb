#include "solver/Stability.h"

#include <cmath>
#include <algorithm>
#include <limits>
#include <sstream>

namespace rb {
namespace {

// g·(A/l)/S for the deepest pipe on the map.
double stiffness(const Lattice& lattice, const SimParams& params, double maxDepth)
{
    const EdgeFamily& family = lattice.family(0); // every family has the same l and w
    const double area = params.pipe == PipeMode::Constant ? constantPipeArea(lattice) : maxDepth * family.faceWidth;
    return params.gravity * area / family.pipeLength / lattice.cellArea();
}

// F = √(w/(l·S·limit)) (1/m): the gravity-wave CFL number is dt·√(g·h)·F.
double waveFactor(const Lattice& lattice)
{
    const EdgeFamily& family = lattice.family(0);
    return std::sqrt(family.faceWidth / (family.pipeLength * lattice.cellArea() * stabilityLimit(lattice.kind())));
}

// The CFL number per second of dt: the fastest signal (m/s) times F, or the eddy viscosity's
// 4·ν/l² if that is larger.
double momentumRate(const Lattice& lattice, const SimParams& params, double fastestSignal)
{
    const double l = lattice.family(0).pipeLength;
    return std::max(fastestSignal * waveFactor(lattice), 4.0 * params.eddyViscosity / (l * l));
}

double signalBound(const SimParams& params, double maxDepth, double maxSpeed)
{
    return std::abs(maxSpeed) + std::sqrt(params.gravity * std::max(0.0, maxDepth));
}

} // namespace

double constantPipeArea(const Lattice& lattice)
{
    return lattice.cellSize() * lattice.cellSize();
}

double stabilityLimit(LatticeKind kind)
{
    return kind == LatticeKind::Square ? 0.5 : 4.0 / 9.0;
}

double cflNumber(const Lattice& lattice, const SimParams& params, double maxDepth, double maxSpeed)
{
    if (params.model == FlowModel::Momentum) return momentumCflNumber(lattice, params, signalBound(params, maxDepth, maxSpeed));
    return params.dt * std::sqrt(stiffness(lattice, params, maxDepth) / stabilityLimit(lattice.kind()));
}

double momentumCflNumber(const Lattice& lattice, const SimParams& params, double fastestSignal)
{
    return params.dt * momentumRate(lattice, params, fastestSignal);
}

double stableDtLimit(const Lattice& lattice, const SimParams& params, double maxDepth, double maxSpeed)
{
    if (params.model == FlowModel::Momentum) {
        const double rate = momentumRate(lattice, params, signalBound(params, maxDepth, maxSpeed));
        return rate > 0.0 ? 1.0 / rate : std::numeric_limits<double>::infinity();
    }
    const double k = stiffness(lattice, params, maxDepth);
    return k > 0.0 ? std::sqrt(stabilityLimit(lattice.kind()) / k) : std::numeric_limits<double>::infinity();
}

std::string unstableCallMessage(const Lattice& lattice, const SimParams& params, double maxDepth, std::int64_t callStart, const char* what)
{
    std::ostringstream message;
    message << "unstable: " << what << " in the call starting at step " << callStart
            << ", so the state was left as it was before that call. Lower dt (now " << params.dt
            << " s; the stability limit for the deepest water is about " << stableDtLimit(lattice, params, std::max(maxDepth, 1e-3)) << " s)";
    if (params.pipe == PipeMode::Constant) message << " or the gravity";
    return message.str();
}

} // namespace rb
