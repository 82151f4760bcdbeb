#pragma once

#include "currents/CurrentsSettings.h"
#include "currents/CurrentsSolver.h"
#include "currents/StoredCurrents.h"
#include "model/MapState.h"

#include <atomic>
#include <functional>
#include <string>

namespace rb::editor {

// What a currents solve in the editor gave: the report (as the CLI prints it), the fields to
// store, or that it was cancelled or failed (then the fields are empty and nothing is stored).
struct CurrentsOutcome {
    CurrentsReport report;
    StoredCurrents fields;
    bool cancelled = false;
    std::string error;     // why it failed (empty on success)
    double seconds = 0.0;  // wall time of the whole job: setup, potential flow and iterations

    bool ok() const { return !cancelled && error.empty(); }
};

// One steady-current solve of the Currents dock, run on a worker thread (docs/solver.md,
// "Currents"). It does what CurrentsSolver::solve() does — the potential flow, then Stam
// iterations until the change per iteration falls to the tolerance or maxIterations — but loops
// iterate() itself, so that it can report each iteration and stop between two when cancelled.
class CurrentsJob {
public:
    using Progress = std::function<void(int iteration, double residual)>;

    explicit CurrentsJob(const CurrentsSettings& settings) : settings_(settings) {}

    // Worker thread. `water` gives the lattice and the depth (land is where it is ≤ 1 mm).
    CurrentsOutcome run(const MapState& water, const Progress& progress = {});
    // Any thread: run() stops before its next iteration and returns a cancelled outcome.
    void cancel() { cancelled_ = true; }
    bool isCancelled() const { return cancelled_; }
    const CurrentsSettings& settings() const { return settings_; }

private:
    void iterate(CurrentsSolver& solver, CurrentsReport& report, const Progress& progress);

    CurrentsSettings settings_;
    std::atomic<bool> cancelled_{false};
};

} // namespace rb::editor
