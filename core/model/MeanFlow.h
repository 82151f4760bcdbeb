#pragma once

#include "lattice/Lattice.h"
#include "model/Field.h"

#include <string>
#include <vector>

namespace rb {

using DoubleField = Field<double>;

// The time-mean flow recorded over the last part of a run (`simulate --mean-from T`; docs/solver.md,
// "Time-mean flow"): every recorded step adds its discharges and its depths, each times the step's
// dt, in double. The mean discharge of a face is flowSums / seconds, the mean depth of a cell
// depthSums / seconds, and the mean velocity is the one the mean discharges give through the mean
// depths (io::reconstructMeanVelocity): the water's transport velocity, which stays finite where
// a cell was wet only part of the window.
struct MeanFlow {
    double from = 0.0;    // s: the start of the first recorded step
    double to = 0.0;      // s: the end of the last recorded step
    double seconds = 0.0; // s: the recorded steps' dt summed in order (to − from up to rounding)
    std::vector<DoubleField> flowSums; // m³ (Σ Q·dt), one per edge family, laid out like the flows
    DoubleField depthSums;             // m·s (Σ h·dt), W×H

    MeanFlow() = default;
    explicit MeanFlow(const Lattice& lattice); // zero sums over no time

    bool empty() const { return depthSums.empty(); }
    // Empty when the sums fit the lattice, every value is finite, the depth sums are ≥ 0 and the
    // window is an ordered span of simulated time with a positive duration; else the first problem.
    std::string validate(const Lattice& lattice) const;
    bool operator==(const MeanFlow&) const = default;
};

} // namespace rb
