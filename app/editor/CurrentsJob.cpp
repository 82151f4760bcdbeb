#include "editor/CurrentsJob.h"

#include "currents/StoredCurrents.h"

#include <chrono>
#include <cmath>
#include <exception>
#include <new>

namespace rb::editor {

namespace {

double secondsSince(std::chrono::steady_clock::time_point start)
{
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

// CurrentsSolver::solve() measures these only at its own end; after our loop they are measured again.
void measure(const CurrentsSolver& solver, CurrentsReport& report)
{
    report.divergence = solver.field().relativeDivergence();
    report.maxSpeed = 0.0;
    for (const Velocity2& v : solver.field().cellVelocities()) report.maxSpeed = std::max(report.maxSpeed, std::hypot(v.x, v.y));
}

} // namespace

CurrentsOutcome CurrentsJob::run(const MapState& water, const Progress& progress)
{
    const auto start = std::chrono::steady_clock::now();
    CurrentsOutcome outcome;
    try {
        // solve() with no iterations is exactly the potential flow, with the balance and dt filled
        // in; the iterations then run on the same solver, as solve() would run them.
        CurrentsSettings potentialOnly = settings_;
        potentialOnly.maxIterations = 0;
        CurrentsSolver solver(water.lattice, water.depth, potentialOnly);
        outcome.report = solver.solve();
        const auto loopStart = std::chrono::steady_clock::now();
        iterate(solver, outcome.report, progress);
        outcome.report.seconds += secondsSince(loopStart);
        if (cancelled_) {
            outcome.cancelled = true;
        } else {
            measure(solver, outcome.report);
            outcome.fields = storedCurrents(solver);
        }
    } catch (const std::bad_alloc&) {
        outcome.error = "there is not enough memory to solve the currents of this map";
    } catch (const std::exception& e) {
        outcome.error = e.what();
    }
    outcome.seconds = secondsSince(start);
    return outcome;
}

// Stam's loop (CurrentsSolver::solve's), with a progress report after every iteration and a
// cancel checked before each.
void CurrentsJob::iterate(CurrentsSolver& solver, CurrentsReport& report, const Progress& progress)
{
    if (report.dt <= 0.0 || settings_.maxIterations <= 0) return; // no current prescribed, or potential flow asked for
    report.converged = false;
    while (report.iterations < settings_.maxIterations && !report.converged) {
        if (cancelled_) return;
        report.residual = solver.iterate(report);
        report.converged = report.residual <= settings_.tolerance;
        if (progress) progress(report.iterations, report.residual);
    }
}

} // namespace rb::editor
