#pragma once

#include <vector>

namespace rb {

// What one step did at the map's edges and point sources, kept only when a distributed run
// (core/distributed) asks for it: it books the whole map's ledger on rank 0 in the order one
// process would, so the sums come out with the same bits. edgeInward: each boundary edge's
// inward flow (m³/s, in the order of the edge list the step ran over); sourceChange: each point
// source's change of depth (m, in the order of its source list; drains as removed depth);
// rowRain and rowEvaporation: each row's sum of what rain added and evaporation took (m, row by
// row down the map, as the step adds them into its totals).
struct StepTrace {
    std::vector<double> edgeInward;
    std::vector<double> sourceChange;
    std::vector<double> rowRain;
    std::vector<double> rowEvaporation;
};

} // namespace rb
