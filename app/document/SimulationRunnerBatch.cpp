#include "document/SimulationRunnerBatch.h"

#include <algorithm>

namespace rb::editor {

void SimulationRunnerBatch::reset()
{
    perStep_.fill(0.0);
    lastBucket_ = -1;
}

int SimulationRunnerBatch::bucketOf(int steps)
{
    int bucket = 0;
    while (bucket < 4 && steps >= (2 << bucket)) ++bucket;
    return bucket;
}

double SimulationRunnerBatch::nsPerStep(int steps) const
{
    return perStep_[static_cast<std::size_t>(bucketOf(std::max(1, steps)))];
}

// Smoothed: one slow call (a dt halved, a page fault) does not halve the next batch.
void SimulationRunnerBatch::record(int steps, double ns)
{
    if (steps <= 0 || !(ns > 0.0)) return;
    lastBucket_ = bucketOf(steps);
    double& old = perStep_[static_cast<std::size_t>(lastBucket_)];
    const double now = ns / steps;
    old = old <= 0.0 ? now : 0.7 * old + 0.3 * now;
}

int SimulationRunnerBatch::next(int substeps, double budgetNs, long long stepsSoFar) const
{
    substeps = std::max(1, substeps);
    if (lastBucket_ < 0) return substeps;
    double best = 0.0;
    for (double cost : perStep_)
        if (cost > 0.0 && (best <= 0.0 || cost < best)) best = cost;
    const int fit = substeps * std::clamp(static_cast<int>(budgetNs / best / substeps), 1, std::max(1, kMostSteps / substeps));
    if (fit >= kAlignedSteps || substeps > 1) return fit; // a whole tile fits the budget (or the user chose the call's steps)
    return std::max(fit, climb(stepsSoFar));
}

// The power of two (≤ kAlignedSteps) to run: the cheapest per step measured within kLongestNs, or
// twice that when untried, within kLongestNs by the cheaper rate, and the step to it paid. Cut to
// end on a multiple of its size.
int SimulationRunnerBatch::climb(long long stepsSoFar) const
{
    int chosen = -1;
    for (int b = 0; b <= 4; ++b) {
        const double cost = perStep_[static_cast<std::size_t>(b)];
        if (cost > 0.0 && (1 << b) * cost <= kLongestNs && (chosen < 0 || cost < perStep_[static_cast<std::size_t>(chosen)])) chosen = b;
    }
    if (chosen < 0) return 1;
    const double here = perStep_[static_cast<std::size_t>(chosen)];
    const bool paid = chosen == 0 || here <= kCheaperBy * perStep_[static_cast<std::size_t>(chosen - 1)];
    if (chosen < 4 && perStep_[static_cast<std::size_t>(chosen + 1)] <= 0.0 && paid && (2 << chosen) * here <= kLongestNs) ++chosen;
    const int size = 1 << chosen;
    return size - static_cast<int>(((stepsSoFar % size) + size) % size);
}

} // namespace rb::editor
