#include "solver/MeanFlowRecorder.h"

#include "ranges/ValueRanges.h"

#include <stdexcept>

namespace rb {

void accumulateMeanFlow(double* sums, const float* values, std::size_t count, double dt)
{
    for (std::size_t i = 0; i < count; ++i) sums[i] += static_cast<double>(values[i]) * dt;
}

void MeanFlowRecorder::load(const MapState& state)
{
    lattice_ = state.lattice;
    recording_ = false;
    mean_ = state.meanFlow;
    kept_ = {};
}

void MeanFlowRecorder::start(const Lattice& lattice, double from)
{
    if (auto e = checkRange("the time-mean's start", from, 0.0, ranges::kMaxTime, "s"); !e.empty()) throw std::invalid_argument(e);
    lattice_ = lattice;
    recording_ = true;
    from_ = from;
    mean_ = {};
}

void MeanFlowRecorder::resume(double now)
{
    if (mean_.empty()) throw std::invalid_argument("there is no time-mean flow to continue");
    if (mean_.to != now)
        throw std::invalid_argument("the time-mean flow ends at " + rangeNumberText(mean_.to) + " s, not at the map's time " + rangeNumberText(now)
                                    + " s: the steps between are not in it");
    recording_ = true;
    from_ = mean_.from;
}

bool MeanFlowRecorder::takeStep(double stepStart, double stepEnd, double dt)
{
    if (!recording_ || !(stepStart >= from_)) return false;
    if (startsFresh()) {
        mean_ = MeanFlow(lattice_);
        mean_.from = stepStart;
    }
    mean_.to = stepEnd;
    mean_.seconds += dt;
    return true;
}

void MeanFlowRecorder::addSums(double dt, const std::vector<float>& depth, const std::vector<std::vector<float>>& flows)
{
    accumulateMeanFlow(mean_.depthSums.data(), depth.data(), depth.size(), dt);
    for (std::size_t f = 0; f < flows.size(); ++f) accumulateMeanFlow(mean_.flowSums[f].data(), flows[f].data(), flows[f].size(), dt);
}

void MeanFlowRecorder::beginCall()
{
    if (recording_) kept_ = mean_;
}

void MeanFlowRecorder::restoreCall()
{
    if (recording_) mean_ = kept_;
}

void MeanFlowRecorder::writeTo(MapState& state) const
{
    state.meanFlow = startsFresh() ? MeanFlow{} : mean_;
}

} // namespace rb
