#pragma once

#include "model/MapState.h"

#include <cstddef>
#include <vector>

namespace rb {

// One recorded step added to the time-mean sums: sums[i] += double(values[i]) · dt for i < count.
// The OpenCL kernel of the same name (opencl/kernels/accumulateMeanFlow.cl) does this per element,
// bit for bit alike (no contraction into a fused multiply-add on either side).
void accumulateMeanFlow(double* sums, const float* values, std::size_t count, double dt);

// Records the time-mean flow of a run (docs/solver.md, "Time-mean flow") for a solver: which steps
// belong to the window, the window itself, and on the CPU the sums. Every step that begins at or
// after the requested start is recorded whole, with its own dt, so the automatic time step's
// varying steps are weighted by their length; the window starts where the first recorded step
// begins (a step under way at the requested time is left out rather than cut, since the solver
// has no state inside a step) and that start is what the map records.
class MeanFlowRecorder {
public:
    // Holds the map's mean (if any); records nothing until start() or resume().
    void load(const MapState& state);
    // From the next step on, records every step that begins at or after `from` (s); the mean held
    // is dropped at once (a map written before any step is recorded has none).
    void start(const Lattice& lattice, double from);
    // Records every step from the next one on into the mean held, which must end at `now`, the
    // solver's time (else std::invalid_argument: steps are missing from it).
    void resume(double now);
    bool recording() const { return recording_; }
    // The window of a step from `stepStart` to `stepEnd` (s) lasting `dt`: true, and the window
    // extended over it, when the step is recorded; the caller then adds its sums (addSums, or the
    // kernel). The first recorded step of a fresh start zeroes the sums.
    bool takeStep(double stepStart, double stepEnd, double dt);
    // The CPU's sums of a taken step: the step's end depths and its discharges, each times dt.
    void addSums(double dt, const std::vector<float>& depth, const std::vector<std::vector<float>>& flows);
    // A call's restore point (the window and the sums), only while recording.
    void beginCall();
    void restoreCall();
    // The mean held: empty while no step has been recorded.
    const MeanFlow& mean() const { return mean_; }
    MeanFlow& mean() { return mean_; }
    // True when the sums are zero and no step is in them yet (a fresh start not yet begun).
    bool startsFresh() const { return mean_.seconds == 0.0; }
    void writeTo(MapState& state) const;

private:
    Lattice lattice_;
    bool recording_ = false;
    double from_ = 0.0;
    MeanFlow mean_;
    MeanFlow kept_;
};

} // namespace rb
