#pragma once

#include "model/Map.h"
#include "solver/CpuSolver.h"

#include <QTemporaryFile>

#include <memory>
#include <optional>

namespace rb {

// A band as it stood at the start of a distributed call, so that a call refused on any rank puts
// every band back. One process's solver keeps the state before its call beside the state (one
// copy); a band must keep one more, because its call is several calls of its own solver between
// halo exchanges. Held in memory, that copy would cost a rank a fifth more than its band's share
// of one process's memory; so the water (depth, flows, velocities: all a call changes but time
// and steps, when no mean is recorded) goes to a temporary file, a block of rows at a time, and
// comes back only on a refusal. A recorded mean (its sums change too), or a temporary folder
// that cannot be written, keeps the whole band map in memory instead.
class BandSnapshot {
public:
    BandSnapshot(const CpuSolver& solver, int height, bool recordingMean); // height: the band's rows
    // The band's map as it was: the water is written back into `solver` first.
    Map restore(CpuSolver& solver) const;

private:
    bool spill(const CpuSolver& solver);

    static constexpr int kBlockRows = 64;
    int height_;
    std::optional<Map> map_;
    std::unique_ptr<QTemporaryFile> file_;
    double time_ = 0.0;
    std::int64_t steps_ = 0;
    VolumeLedger ledger_;
};

} // namespace rb
