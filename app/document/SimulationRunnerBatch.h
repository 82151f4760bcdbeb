#pragma once

#include <array>

namespace rb::editor {

// How many steps one call of the playing simulation runs. A call has costs a step alone does not:
// the CPU pipes tile up to kAlignedSteps steps per pass over the map (at 4096², one step per call
// is a full load and store of the map per step: about three times the time per step of 16-step
// calls), and every call keeps the state for a refusal and scans the CFL number. So it keeps the
// time per step of calls of 1, 2, 4, 8 and 16 steps, and where a frame-long budget fits fewer than
// 16 it climbs: it tries twice the steps while that still ends within kLongestNs and the last
// doubling paid (kCheaperBy), and settles on the size cheapest per step. Such calls start on a
// multiple of their size, so none straddles the automatic dt's 16-step periods (which would cut it).
class SimulationRunnerBatch {
public:
    static constexpr int kAlignedSteps = 16;  // AdaptiveTimeStep::kStepsPerChoice: a dt period, a pipes tile
    static constexpr double kLongestNs = 3e9; // a request (a brush dab, a pause) waits at most about this
    static constexpr double kCheaperBy = 0.8; // a doubling pays when a step costs at most this share
    static constexpr int kMostSteps = 4096;

    void reset(); // another solver: nothing measured
    void record(int steps, double ns);
    // Steps for the next call: a whole multiple of `substeps` (≥ 1), about `budgetNs` long unless
    // longer calls pay; `substeps` alone before anything is measured. `stepsSoFar` is the solver's
    // step counter.
    int next(int substeps, double budgetNs, long long stepsSoFar = 0) const;

    double nsPerStep(int steps) const; // as measured for calls of that size's bucket; 0: not yet

private:
    static int bucketOf(int steps); // 0…4: calls of 1, 2–3, 4–7, 8–15, 16 or more steps
    int climb(long long stepsSoFar) const;

    std::array<double, 5> perStep_{}; // smoothed ns per step, by bucket
    int lastBucket_ = -1;             // of the last call recorded
};

} // namespace rb::editor
