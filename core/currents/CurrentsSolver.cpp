#include "currents/CurrentsSolver.h"

#include "currents/CellSampler.h"
#include "currents/FaceDiffusion.h"
#include "currents/Projection.h"

#include <algorithm>
#include <chrono>
#include <cmath>

namespace rb {

struct CurrentsSolver::Steps {
    explicit Steps(const CurrentGrid& grid) : projection(grid), sampler(grid) {}
    Projection projection;
    std::unique_ptr<FaceDiffusion> diffusion; // null without viscosity
    CellSampler sampler;
};

namespace {

double fastestPrescribed(const CurrentsSettings& settings)
{
    double fastest = 0.0;
    for (const std::optional<double>& speed : settings.sideSpeed)
        if (speed) fastest = std::max(fastest, std::abs(*speed));
    return fastest;
}

double maxAbs(const std::vector<double>& values)
{
    double m = 0.0;
    for (double v : values) m = std::max(m, std::abs(v));
    return m;
}

} // namespace

namespace {

double secondsSince(std::chrono::steady_clock::time_point start)
{
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

} // namespace

CurrentsSolver::CurrentsSolver(const Lattice& lattice, const FloatField& depth, const CurrentsSettings& settings)
    : CurrentsSolver(lattice, depth, settings, std::chrono::steady_clock::now())
{
}

CurrentsSolver::CurrentsSolver(const Lattice& lattice, const FloatField& depth, const CurrentsSettings& settings, std::chrono::steady_clock::time_point start)
    : settings_(settings), grid_(lattice, depth, settings), boundary_(balancedBoundaryFluxes(grid_, settings)), field_(grid_, boundary_.inward)
{
    const double fastest = fastestPrescribed(settings);
    dt_ = fastest > 0.0 ? settings.cfl * lattice.cellSize() / fastest : 0.0;
    steps_ = std::make_unique<Steps>(grid_);
    if (settings.viscosity > 0.0 && dt_ > 0.0) steps_->diffusion = std::make_unique<FaceDiffusion>(grid_, settings.viscosity, dt_);
    setupSeconds_ = secondsSince(start);
}

CurrentsSolver::~CurrentsSolver() = default;

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
#pragma omp parallel for schedule(static)
    for (std::ptrdiff_t e = 0; e < static_cast<std::ptrdiff_t>(faces.size()); ++e) {
        const InteriorFace& face = faces[static_cast<std::size_t>(e)];
        const WorldPoint a = position(face.tail), b = position(face.head);
        const Velocity2& ua = cells[static_cast<std::size_t>(face.tail)];
        const Velocity2& ub = cells[static_cast<std::size_t>(face.head)];
        // Where the water at the face's centre was dt ago (Stam's backtrace), and what it carried.
        const WorldPoint from{0.5 * (a.x + b.x) - dt_ * 0.5 * (ua.x + ub.x), 0.5 * (a.y + b.y) - dt_ * 0.5 * (ua.y + ub.y)};
        const Velocity2 carried = steps_->sampler.sample(cells, from);
        const EdgeFamily& family = lattice.family(face.family);
        out[static_cast<std::size_t>(e)] = carried.x * family.directionX + carried.y * family.directionY;
    }
    return out;
}

double CurrentsSolver::iterate(CurrentsReport& report)
{
    std::vector<double> next = advected(field_.cellVelocities());
    if (steps_->diffusion) steps_->diffusion->diffuse(next, settings_.cgTolerance);
    std::swap(next, field_.faces());
    const ProjectionReport projected = steps_->projection.project(field_, settings_.cgTolerance);
    report.cgIterations += projected.iterations;
    report.cgResidual = projected.residual;
    ++report.iterations;
    double change = 0.0;
    const std::vector<double>& now = field_.faces();
    for (std::size_t e = 0; e < now.size(); ++e) change = std::max(change, std::abs(now[e] - next[e]));
    const double scale = maxAbs(now);
    return scale > 0.0 ? change / scale : 0.0;
}

CurrentsReport CurrentsSolver::solve()
{
    const auto start = std::chrono::steady_clock::now();
    CurrentsReport report;
    report.balance = boundary_.balance;
    report.dt = dt_;
    const ProjectionReport potential = steps_->projection.project(field_, settings_.cgTolerance);
    report.cgIterations = potential.iterations;
    report.cgResidual = potential.residual;
    report.converged = true;
    if (dt_ > 0.0 && settings_.maxIterations > 0) {
        report.converged = false;
        while (report.iterations < settings_.maxIterations && !report.converged) {
            report.residual = iterate(report);
            report.converged = report.residual <= settings_.tolerance;
        }
    }
    measure(report);
    report.setupSeconds = setupSeconds_;
    report.seconds = secondsSince(start);
    return report;
}

void CurrentsSolver::measure(CurrentsReport& report) const
{
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
