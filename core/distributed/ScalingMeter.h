#pragma once

#include <cstdint>
#include <vector>

namespace rb {

// What a distributed run spends its steps on, per rank (issue 31, part 6; docs/scaling.md,
// "Measured scaling"): the solver's own steps (compute), the halo exchanges, and the reductions
// and gathers that keep the answers independent of the number of ranks (which also absorb the
// wait for the slowest rank: each exchange begins with one). Compute is timed both by the wall
// clock and by the process's CPU time: when the ranks share fewer cores than there are ranks the
// wall clock counts the others' turns, the CPU time only this rank's work.
struct ScalingTotals {
    double stepSeconds = 0.0;       // wall, whole DistributedSolver::step calls
    double computeSeconds = 0.0;    // wall, the band's solver calls
    double computeCpuSeconds = 0.0; // CPU time of the process (all its threads) in those calls
    double exchangeSeconds = 0.0;   // wall, packing, sending and unpacking halo rows
    double reduceSeconds = 0.0;     // wall, reductions, gathers and broadcasts of the step
    std::int64_t haloBytes = 0;     // bytes of halo rows this rank sent
    std::int64_t steps = 0;         // steps its solver took (refused calls' too)
    std::int64_t exchanges = 0;
};

// One rank's totals with the cells of its band: held (stepped, halo included) and owned.
struct RankScaling {
    ScalingTotals totals;
    std::int64_t cells = 0;
    std::int64_t ownedCells = 0;
};

class ScalingMeter {
public:
    // Adds the wall time (and, with `cpu`, the CPU time) from construction to destruction.
    class Span {
    public:
        explicit Span(double& wall, double* cpu = nullptr);
        ~Span();
        Span(const Span&) = delete;
        Span& operator=(const Span&) = delete;

    private:
        double& wall_;
        double* cpu_;
        double wallStart_, cpuStart_;
    };

    ScalingTotals& totals() { return totals_; }
    const ScalingTotals& totals() const { return totals_; }

    // A rank's figures as doubles for MPI (exact: counts stay far below 2^53), and back, rank after rank.
    static std::vector<double> pack(const RankScaling& rank);
    static std::vector<RankScaling> unpack(const std::vector<double>& packed);

    static double wallNow(); // a steady clock's seconds
    static double cpuNow(); // the process's CPU time, every thread's

private:
    ScalingTotals totals_;
};

} // namespace rb
