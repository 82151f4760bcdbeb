#include "currents/CurrentsSolver.h"

#include "currents/CellSampler.h"
#include "currents/CurrentDepth.h"
#include "currents/FaceDiffusion.h"
#include "currents/Projection.h"
#include "currents/SteadyViscosity.h"
#include "model/BoundarySegment.h"
#include "ranges/ValueRanges.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <omp.h>

namespace rb {

struct CurrentsSolver::Steps {
    explicit Steps(const CurrentGrid& grid) : projection(grid), sampler(grid) {}
    Projection projection;
    std::unique_ptr<FaceDiffusion> diffusion; // null without viscosity
    CellSampler sampler;
};

namespace {

constexpr double kLongestBacktraceStep = 2.0; // cells
constexpr int kMaxBacktraceSteps = 64;
// The diffusion's error on any face, as a fraction of the last iteration's relative change (at
// least the steady-state tolerance): far below what the convergence test can see.
constexpr double kDiffusionAccuracy = 1e-2;

double fastestPrescribed(const CurrentsSettings& settings)
{
    double fastest = 0.0;
    for (const std::optional<double>& speed : settings.sideSpeed)
        if (speed) fastest = std::max(fastest, std::abs(*speed));
    return fastest;
}

} // namespace

namespace {

double secondsSince(std::chrono::steady_clock::time_point start)
{
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

} // namespace

namespace {

// A depth for a message, in whole millimetres: a float threshold printed as a double would read
// "1.0000000474974513 mm".
std::string millimetres(float metres)
{
    return rangeNumberText(std::round(static_cast<double>(metres) * 1000.0));
}

// Empty unless currents are prescribed and no water reaches a side that has one (the lakes
// preset: its water lies inland), when the solve would give still water without a word.
std::string openSidesProblem(const FloatField& depth, const CurrentsSettings& settings)
{
    std::string open;
    for (std::size_t i = 0; i < settings.sideSpeed.size(); ++i)
        if (settings.sideSpeed[i]) open += (open.empty() ? "" : ", ") + std::string(sideName(static_cast<Side>(i)));
    if (open.empty() || waterReachesAnOpenSide(depth, settings)) return {};
    return "no water deeper than " + millimetres(currentDepthThreshold(depth, settings)) + " mm reaches the open side(s) (" + open +
           "): the map's water lies inland, where no current enters or leaves; open a side the sea reaches";
}

} // namespace

std::string CurrentsSolver::requestProblem(const FloatField& depth, const CurrentsSettings& settings)
{
    for (std::size_t i = 0; i < settings.sideSpeed.size(); ++i) {
        const std::optional<double>& speed = settings.sideSpeed[i];
        if (speed && !(std::abs(*speed) <= ranges::kMaxSideCurrent))
            return "the current across the " + std::string(sideName(static_cast<Side>(i))) + " side must be a speed within ±" +
                   rangeNumberText(ranges::kMaxSideCurrent) + " m/s, got " + rangeNumberText(*speed);
    }
    const bool anyWater = std::any_of(depth.data(), depth.data() + depth.size(), [&](float d) { return d > settings.wetDepth; });
    if (!anyWater)
        return "the map holds no water (no cell deeper than " + millimetres(settings.wetDepth) +
               " mm): there is nothing for a current to cross; let the simulation fill the sea first";
    return openSidesProblem(depth, settings);
}

CurrentsSolver::CurrentsSolver(const Lattice& lattice, const FloatField& depth, const CurrentsSettings& settings)
    : CurrentsSolver(lattice, depth, settings, std::chrono::steady_clock::now())
{
}

CurrentsSolver::CurrentsSolver(const Lattice& lattice, const FloatField& depth, const CurrentsSettings& settings, std::chrono::steady_clock::time_point start)
    : settings_(settings), grid_(lattice, depth, settings), boundary_(balancedBoundaryFluxes(grid_, settings)), field_(grid_, boundary_.inward)
{
    const double fastest = fastestPrescribed(settings);
    dt_ = fastest > 0.0 ? settings.cfl * lattice.cellSize() / fastest : 0.0;
    viscosity_ = effectiveViscosity(lattice, settings);
    threads_ = settings.threadCount > 0 ? settings.threadCount : omp_get_max_threads();
    steps_ = std::make_unique<Steps>(grid_);
    if (viscosity_ > 0.0 && dt_ > 0.0) steps_->diffusion = std::make_unique<FaceDiffusion>(grid_, viscosity_, dt_);
    setupSeconds_ = secondsSince(start);
}

CurrentsSolver::~CurrentsSolver() = default;

Velocity2 CurrentsSolver::carried(const std::vector<Velocity2>& cells, WorldPoint p, Velocity2 v) const
{
    // Back along the flow in steps of at most two cells, each with the velocity where it starts: a
    // straight line of many cells (the default dt crosses 16) would cut across coasts and islands,
    // and one that ends on land would bring still water, which made the iteration flip between two
    // states at coasts. A step that would end on land is not taken: the water came along the coast.
    const double longest = kLongestBacktraceStep * grid_.lattice().cellSize();
    std::optional<Velocity2> found;
    double left = dt_;
    for (int step = 0; step < kMaxBacktraceSteps && left > 0.0; ++step) {
        const double speed = std::sqrt(v.x * v.x + v.y * v.y);
        const double t = speed * left > longest ? longest / speed : left;
        const WorldPoint next{p.x - t * v.x, p.y - t * v.y};
        const std::optional<Velocity2> there = steps_->sampler.sampleWater(cells, next);
        if (!there) break;
        p = next;
        v = *there;
        found = there;
        left -= t;
    }
    return found ? *found : steps_->sampler.sample(cells, p);
}

std::vector<double> CurrentsSolver::advected(const std::vector<Velocity2>& cells) const
{
    const Lattice& lattice = grid_.lattice();
    const std::vector<InteriorFace>& faces = grid_.faces();
    std::vector<double> out(faces.size());
    const auto position = [&](std::int32_t wet) {
        const std::size_t i = grid_.cellOf(wet);
        const auto w = static_cast<std::size_t>(lattice.width());
        return lattice.worldPosition(static_cast<int>(i % w), static_cast<int>(i / w));
    };
    // Every face on its own: the same result on any number of threads.
#pragma omp parallel for schedule(static) num_threads(threads_)
    for (std::ptrdiff_t e = 0; e < static_cast<std::ptrdiff_t>(faces.size()); ++e) {
        const InteriorFace& face = faces[static_cast<std::size_t>(e)];
        const WorldPoint a = position(face.tail), b = position(face.head);
        const Velocity2& ua = cells[static_cast<std::size_t>(face.tail)];
        const Velocity2& ub = cells[static_cast<std::size_t>(face.head)];
        // What the water at the face's centre carried where it was dt ago (Stam's backtrace).
        const Velocity2 u = carried(cells, {0.5 * (a.x + b.x), 0.5 * (a.y + b.y)}, {0.5 * (ua.x + ub.x), 0.5 * (ua.y + ub.y)});
        const EdgeFamily& family = lattice.family(face.family);
        out[static_cast<std::size_t>(e)] = u.x * family.directionX + u.y * family.directionY;
    }
    return out;
}

ProjectionTolerance CurrentsSolver::projectionTolerance() const
{
    return {settings_.cgTolerance, settings_.divergenceTolerance};
}

double CurrentsSolver::iterate(CurrentsReport& report)
{
    std::vector<double> previous = advected(field_.cellVelocities());
    // Solved 100 times more exactly than the last iteration changed the field (and at the end, than
    // the tolerance): far from the steady state a finer diffusion would be undone by the next step.
    if (steps_->diffusion) steps_->diffusion->diffuse(previous, kDiffusionAccuracy * std::max(settings_.tolerance, lastChange_));
    std::swap(previous, field_.faces());
    const ProjectionReport projected = steps_->projection.project(field_, projectionTolerance());
    report.cgIterations += projected.iterations;
    report.cgResidual = projected.residual;
    ++report.iterations;
    if (report.iterations > settings_.maxIterations / 2) addToAverage();
    // The change of the faces' fluxes, not velocities: what the current carries.
    const std::vector<double>& stepped = field_.faces();
    const std::vector<InteriorFace>& faces = grid_.faces();
    double change = 0.0, scale = 0.0;
    for (std::size_t e = 0; e < stepped.size(); ++e) {
        change = std::max(change, std::abs(stepped[e] - previous[e]) * faces[e].flowArea);
        scale = std::max(scale, std::abs(stepped[e]) * faces[e].flowArea);
    }
    lastChange_ = scale > 0.0 ? change / scale : 0.0;
    return lastChange_;
}

void CurrentsSolver::addToAverage()
{
    const std::vector<double>& faces = field_.faces();
    if (average_.empty()) average_.assign(faces.size(), 0.0);
    for (std::size_t e = 0; e < faces.size(); ++e) average_[e] += faces[e];
    ++averaged_;
}

void CurrentsSolver::finish(CurrentsReport& report)
{
    if (!report.converged && averaged_ > 0) {
        std::vector<double>& faces = field_.faces();
        for (std::size_t e = 0; e < faces.size(); ++e) faces[e] = average_[e] / averaged_;
        report.timeAveraged = true;
        report.averagedIterations = averaged_;
    }
    measure(report);
}

CurrentsReport CurrentsSolver::potentialFlow()
{
    CurrentsReport report;
    report.balance = boundary_.balance;
    report.dt = dt_;
    report.viscosity = viscosity_;
    report.steadyViscosity = steadyViscosity(grid_.lattice(), settings_);
    const ProjectionReport potential = steps_->projection.project(field_, projectionTolerance());
    report.cgIterations = potential.iterations;
    report.cgResidual = potential.residual;
    report.converged = !iterates();
    report.setupSeconds = setupSeconds_;
    return report;
}

bool CurrentsSolver::iterates() const
{
    return dt_ > 0.0 && settings_.maxIterations > 0;
}

CurrentsReport CurrentsSolver::solve()
{
    const auto start = std::chrono::steady_clock::now();
    CurrentsReport report = potentialFlow();
    while (iterates() && report.iterations < settings_.maxIterations && !report.converged) {
        report.residual = iterate(report);
        report.converged = report.residual <= settings_.tolerance;
    }
    finish(report);
    report.seconds = secondsSince(start);
    return report;
}

void CurrentsSolver::measure(CurrentsReport& report) const
{
    report.maxSpeed = 0.0;
    report.divergence = field_.relativeDivergence();
    for (const Velocity2& v : field_.cellVelocities()) report.maxSpeed = std::max(report.maxSpeed, std::hypot(v.x, v.y));
}

FloatField CurrentsSolver::cellComponent(bool eastward) const
{
    const Lattice& lattice = grid_.lattice();
    FloatField out(lattice.width(), lattice.height());
    const std::vector<Velocity2> cells = field_.cellVelocities();
    for (std::int32_t i = 0; i < grid_.wetCount(); ++i) {
        const Velocity2& v = cells[static_cast<std::size_t>(i)];
        out[grid_.cellOf(i)] = static_cast<float>(eastward ? v.x : v.y);
    }
    return out;
}

FloatField CurrentsSolver::east() const
{
    return cellComponent(true);
}

FloatField CurrentsSolver::south() const
{
    return cellComponent(false);
}

} // namespace rb
