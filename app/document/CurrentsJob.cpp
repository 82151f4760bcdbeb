#include "document/CurrentsJob.h"

#include "currents/StoredCurrents.h"

#include <chrono>
#include <exception>
#include <new>

namespace rb::editor {

namespace {

double secondsSince(std::chrono::steady_clock::time_point start)
{
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

} // namespace

CurrentsOutcome CurrentsJob::run(const MapState& water, const Progress& progress)
{
    const auto start = std::chrono::steady_clock::now();
    CurrentsOutcome outcome;
    if (const std::string problem = CurrentsSolver::requestProblem(water.depth, settings_); !problem.empty()) {
        outcome.error = problem;
        outcome.seconds = secondsSince(start);
        return outcome;
    }
    try {
        // solve()'s three parts, with our own loop between them.
        CurrentsSolver solver(water.lattice, water.depth, settings_);
        const auto solveStart = std::chrono::steady_clock::now();
        outcome.report = solver.potentialFlow();
        iterate(solver, outcome.report, progress);
        outcome.report.seconds = secondsSince(solveStart);
        if (cancelled_) {
            outcome.cancelled = true;
        } else {
            solver.finish(outcome.report); // as solve() ends: the time average when unsteady, then measured
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
    if (!solver.iterates()) return; // no current prescribed, or potential flow asked for
    while (report.iterations < settings_.maxIterations && !report.converged) {
        if (cancelled_) return;
        report.residual = solver.iterate(report);
        report.converged = report.residual <= settings_.tolerance;
        if (progress) progress(report.iterations, report.residual);
    }
}

} // namespace rb::editor
