#include "solver/Stability.h"

#include "model/BorderCell.h"
#include "ranges/ValueRanges.h"
#include "solver/AdaptiveTimeStep.h"

#include <cmath>
#include <algorithm>
#include <limits>
#include <optional>
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

double cflAfterParamsChange(const SimParams& before, double cflBefore, const Lattice& lattice, const SimParams& after,
                            double maxDepth, double maxSpeed)
{
    SimParams sameDt = before;
    sameDt.dt = after.dt;
    sameDt.cflTarget = after.cflTarget;
    sameDt.dtMax = after.dtMax;
    if (sameDt == after && before.dt > 0.0) return cflBefore * (after.dt / before.dt);
    return cflNumber(lattice, after, maxDepth, maxSpeed);
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

double stableDepth(const Lattice& lattice, const SimParams& params)
{
    // Pipes: σ ∝ g·h·w/(l·S)·dt² reaches the limit at h = l·S·limit/(g·w·dt²); the momentum
    // model's wave term dt·√(g·h)·F reaches 1 at the same depth.
    if (params.model == FlowModel::Pipes && params.pipe == PipeMode::Constant) return std::numeric_limits<double>::infinity();
    const EdgeFamily& family = lattice.family(0);
    return family.pipeLength * lattice.cellArea() * stabilityLimit(lattice.kind()) / (params.gravity * family.faceWidth * params.dt * params.dt);
}

namespace {

// Something that brings water in, with the depth it alone can make within one step (m).
struct Driver {
    std::string name; // "the inflow of boundary segment 1 (west), 400 m³/s,"
    std::string how;  // "brings about 3.2 m of water per step onto its cells"
    double depth = 0.0;
};

double lowestBedAlong(const RefusalContext& c, const BoundarySegment& s)
{
    double lowest = std::numeric_limits<double>::infinity();
    for (int i = s.start; i <= s.end; ++i) {
        const CellCoord cell = borderCell(c.lattice, s.side, i);
        lowest = std::min(lowest, static_cast<double>(c.bed[c.lattice.index(cell.x, cell.y)]));
    }
    return lowest;
}

std::string segmentName(const BoundarySegment& s, std::size_t index)
{
    return std::string("boundary segment ") + std::to_string(index + 1) + " (" + std::string(sideName(s.side)) + ")";
}

void addBoundaryDrivers(const RefusalContext& c, std::vector<Driver>& drivers)
{
    for (std::size_t i = 0; i < c.boundary.size(); ++i) {
        const BoundarySegment& s = c.boundary[i];
        if (s.type == BoundaryType::Sea) {
            const double depth = s.value - lowestBedAlong(c, s);
            drivers.push_back({std::string("the sea level of ") + segmentName(s, i) + ", " + rangeNumberText(s.value) + " m,",
                               std::string("stands ") + roughNumberText(depth) + " m above the lowest bed on that stretch", depth});
        } else if (s.type == BoundaryType::Inflow) {
            const double depth = s.value * c.params.dt / ((s.end - s.start + 1) * c.lattice.cellArea());
            drivers.push_back({std::string("the inflow of ") + segmentName(s, i) + ", " + rangeNumberText(s.value) + " m³/s,",
                               std::string("brings about ") + roughNumberText(depth) + " m of water per step onto its cells", depth});
        }
    }
}

void addSourceAndRainDrivers(const RefusalContext& c, std::vector<Driver>& drivers)
{
    for (std::size_t i = 0; i < c.sources.size(); ++i) {
        const PointSource& s = c.sources[i];
        if (s.kind != PointSource::Kind::Spring) continue;
        const double depth = s.rate * c.params.dt / c.lattice.cellArea();
        drivers.push_back({std::string("the rate of spring ") + std::to_string(i + 1) + ", " + rangeNumberText(s.rate) + " m³/s,",
                           std::string("brings about ") + roughNumberText(depth) + " m of water per step into its cell", depth});
    }
    const double rainDepth = c.params.rain * c.params.dt;
    drivers.push_back({std::string("the rain, ") + rangeNumberText(c.params.rain) + " m/s,", std::string("adds ") + roughNumberText(rainDepth) + " m of water per step", rainDepth});
}

// The driver that alone makes water deeper than is stable or allowed, if any (the worst one).
std::optional<Driver> overwhelmingDriver(const RefusalContext& c)
{
    std::vector<Driver> drivers;
    addBoundaryDrivers(c, drivers);
    addSourceAndRainDrivers(c, drivers);
    const double limit = std::min(stableDepth(c.lattice, c.params), ranges::kMaxElevation);
    const auto worst = std::max_element(drivers.begin(), drivers.end(), [](const Driver& a, const Driver& b) { return a.depth < b.depth; });
    if (worst == drivers.end() || !(worst->depth > limit)) return std::nullopt;
    return *worst;
}

std::string driverAdvice(const RefusalContext& c, const Driver& driver)
{
    const double stable = stableDepth(c.lattice, c.params);
    const std::string bound = stable < ranges::kMaxElevation ? std::string("the deepest water that stays stable (about ") + roughNumberText(stable) + " m)"
                                                             : std::string("the depth range allows (") + rangeNumberText(ranges::kMaxElevation) + " m)";
    // With an automatic step the figures are for the dt it picks, not the halved one in force.
    const std::string atDt = c.params.automaticDt() ? std::string(", at the dt the automatic time step picks for the water at the call's start (")
                                                          + roughNumberText(c.params.dt) + " s)"
                                                    : std::string();
    return std::string("The cause is ") + driver.name + " which " + driver.how + ", more than " + bound + atDt + ": lower it";
}

// The parameters at which a driver is judged. With an automatic time step a refusal reaches the
// caller only after its dt has been halved several times, and at the halved dt an inflow brings so
// little per step that it would never be named although it is what outran the step: so judge at
// the dt the automatic step picks for the water at the call's start (the ceiling on dry land).
SimParams driverJudgingParams(const RefusalContext& c)
{
    SimParams judged = c.params;
    if (c.params.automaticDt()) judged.dt = std::max(c.params.dt, AdaptiveTimeStep::paramsForNextCall(c.params, c.cflAtStart).dt);
    return judged;
}

// The dt the momentum model's eddy viscosity alone allows, l²/(4·ν); infinite without one.
double viscousDtLimit(const Lattice& lattice, const SimParams& params)
{
    if (params.model != FlowModel::Momentum || !(params.eddyViscosity > 0.0)) return std::numeric_limits<double>::infinity();
    const double l = lattice.family(0).pipeLength;
    return l * l / (4.0 * params.eddyViscosity);
}

// When the eddy viscosity, not the water, sets the limit, it is the thing to lower: a dt of its
// limit would already be refused whatever the water does.
std::string viscosityAdvice(const Lattice& lattice, const SimParams& params)
{
    std::ostringstream advice;
    advice << "The eddy viscosity (now " << params.eddyViscosity << " m²/s) alone allows a dt of at most about "
           << viscousDtLimit(lattice, params) << " s (l²/(4·ν)): lower the eddy viscosity, or dt below that";
    return advice.str();
}

// The automatic step already chooses dt (and has halved it before the refusal got here): what is
// left to lower is what it chooses by, the CFL target and the ceiling.
std::string automaticDtAdvice(const RefusalContext& c, double limit)
{
    std::ostringstream advice;
    if (limit > c.params.dt)
        advice << "The water sped up during the call beyond what the automatic time step could follow (its dt now " << c.params.dt
               << " s; about " << limit << " s for the water at the call's start)";
    else
        advice << "The water at the call's start was beyond the automatic time step's dt (now " << c.params.dt << " s; its stability limit is about "
               << limit << " s)";
    advice << ": lower the automatic time step's ceiling (now " << c.params.dtMax << " s) or its CFL target (now " << c.params.cflTarget << ")";
    return advice.str();
}

std::string dtAdvice(const RefusalContext& c)
{
    // The limit below counts the viscosity too; where it is the viscosity's, name that.
    if (viscousDtLimit(c.lattice, c.params) <= c.params.dt) return viscosityAdvice(c.lattice, c.params);
    // Every CFL number grows linearly with dt: the dt that puts the water of the call's start at 1.
    // (The momentum model's counts the speeds too, which depth alone would miss.)
    const double limit = c.cflAtStart > 0.0 && std::isfinite(c.cflAtStart) ? c.params.dt / c.cflAtStart
                                                                           : stableDtLimit(c.lattice, c.params, std::max(c.maxDepth, 1e-3));
    std::ostringstream advice;
    if (c.params.automaticDt())
        advice << automaticDtAdvice(c, limit);
    else if (limit > c.params.dt)
        advice << "The water sped up during the call beyond what dt allows (now " << c.params.dt << " s; about " << limit
               << " s for the water at the call's start): lower dt well below that, or let Riverbed choose it (an automatic time step)";
    else
        advice << "Lower dt (now " << c.params.dt << " s; the stability limit for the water at the call's start is about " << limit << " s)";
    // With constant pipes the wave speed is √(g·dx) whatever the depth; above Earth's pull gravity is
    // as much the cause as dt. (The momentum model has no pipe mode.)
    const bool constantPipes = c.params.model == FlowModel::Pipes && c.params.pipe == PipeMode::Constant;
    if (constantPipes || c.params.gravity > 10.0) advice << " or the gravity (now " << c.params.gravity << " m/s²)";
    return advice.str();
}

} // namespace

std::string viscosityLimitNote(const Lattice& lattice, const SimParams& params, double dt)
{
    if (!(viscousDtLimit(lattice, params) <= dt)) return {};
    std::string note = viscosityAdvice(lattice, params);
    note.insert(note.begin(), ' '); // (" " + advice trips GCC 12's -Wrestrict false positive)
    return note;
}

std::string unstableCallMessage(const RefusalContext& c, const char* what)
{
    std::string message = std::string(kUnstablePrefix) + std::string(what) + " in the call starting at step " + std::to_string(c.callStart)
                          + ", so the state was left as it was before that call. ";
    // Water already beyond the limit at the start is dt's doing; water brought in during the call
    // may be an inflow's, a sea's or the rain's.
    const bool unstableAtStart = !(c.cflAtStart <= 1.0);
    const SimParams judged = driverJudgingParams(c);
    const RefusalContext atJudgedDt{c.lattice, judged, c.bed, c.boundary, c.sources, c.maxDepth, c.cflAtStart, c.callStart};
    const std::optional<Driver> driver = unstableAtStart ? std::nullopt : overwhelmingDriver(atJudgedDt);
    return message + (driver ? driverAdvice(atJudgedDt, *driver) : dtAdvice(c));
}

std::string counterLimitMessage(std::int64_t steps, double time, double dt, int count)
{
    if (count > ranges::kMaxSteps - steps)
        return std::string("refused: a call of ") + std::to_string(count) + " steps would take the step counter (steps, now " + std::to_string(steps)
               + ") past its limit 2^62 = " + std::to_string(ranges::kMaxSteps) + "; nothing was stepped";
    if (time + dt * count > ranges::kMaxTime)
        return std::string("refused: a call of ") + std::to_string(count) + " steps would take the simulated time (now " + rangeNumberText(time)
               + " s) past its limit " + rangeNumberText(ranges::kMaxTime) + " s; nothing was stepped";
    return {};
}

std::string ledgerLimitMessage(std::int64_t callStart, const std::string& ledgerProblem)
{
    return std::string("refused: after the call starting at step ") + std::to_string(callStart) + ", " + ledgerProblem
           + ", so the state was left as it was before that call";
}

} // namespace rb
