#include "model/MeanFlow.h"

#include "ranges/ValueRanges.h"

#include <cmath>

namespace rb {

MeanFlow::MeanFlow(const Lattice& lattice) : depthSums(lattice.width(), lattice.height())
{
    for (int f = 0; f < lattice.familyCount(); ++f) flowSums.emplace_back(lattice.paddedWidth(), lattice.paddedHeight());
}

namespace {

std::string checkSizes(const MeanFlow& mean, const Lattice& lattice)
{
    if (mean.depthSums.width() != lattice.width() || mean.depthSums.height() != lattice.height())
        return "the time-mean depth's size does not match the lattice";
    if (static_cast<int>(mean.flowSums.size()) != lattice.familyCount()) return "wrong number of time-mean flow arrays for the lattice";
    for (const DoubleField& f : mean.flowSums)
        if (f.width() != lattice.paddedWidth() || f.height() != lattice.paddedHeight()) return "a time-mean flow array's size does not match the lattice";
    return {};
}

// The sums of a run within the ranges (a flow of at most kMaxFlow, a depth of at most
// kMaxElevation, each over at most kMaxTime seconds).
std::string checkSums(const MeanFlow& mean)
{
    const double flowLimit = ranges::kMaxFlow * ranges::kMaxTime, depthLimit = ranges::kMaxElevation * ranges::kMaxTime;
    for (const DoubleField& f : mean.flowSums)
        for (double v : f.values())
            if (!(std::abs(v) <= flowLimit)) return checkMagnitude("a time-mean flow sum", v, flowLimit, "m³");
    for (double v : mean.depthSums.values())
        if (!(v >= 0.0 && v <= depthLimit)) return checkRange("a time-mean depth sum", v, 0.0, depthLimit, "m·s");
    return {};
}

} // namespace

std::string MeanFlow::validate(const Lattice& lattice) const
{
    if (auto e = checkSizes(*this, lattice); !e.empty()) return e;
    if (auto e = checkRange("the time-mean window's start (meanFlow.from)", from, 0.0, ranges::kMaxTime, "s"); !e.empty()) return e;
    if (auto e = checkRange("the time-mean window's end (meanFlow.to)", to, from, ranges::kMaxTime, "s"); !e.empty()) return e;
    if (!(seconds > 0.0)) return "the time-mean window's duration (meanFlow.seconds) must be positive (got " + rangeNumberText(seconds) + ")";
    if (auto e = checkRange("the time-mean window's duration (meanFlow.seconds)", seconds, 0.0, ranges::kMaxTime, "s"); !e.empty()) return e;
    return checkSums(*this);
}

} // namespace rb
