#pragma once

#include "solver/PipeStages.h"
#include "solver/Solver.h"
#include "solver/TilePlan.h"
#include "solver/TileWorkspace.h"

#include <vector>

namespace rb {

// The reference implementation of the virtual-pipes method. The step itself (PipeStep) is written
// once over edge families, so it serves the square and the triangular lattice alike; this class
// runs it tile by tile (TilePlan), tiles in parallel (OpenMP). Every tile's result and every
// reduction is combined in a fixed order, so results do not depend on the thread count.
// How the CPU solver cuts the map for temporal blocking: tiles of `tileSize` cells a side, each
// advanced `stepsPerPass` steps in a cache-sized copy before its core is written back. The
// answers do not depend on either (tested bitwise); only the speed does.
struct CpuTiling {
    int tileSize = 128;
    int stepsPerPass = 4;
};

class CpuSolver : public Solver {
public:
    // threadCount 0: OpenMP's default. refuseAboveCfl: refuse calls whose CFL number exceeds 1
    // (outflow scaling keeps an unstable run finite, so NaN alone would not reveal it); only the
    // stability-limit test turns it off, to measure where the scheme really breaks.
    explicit CpuSolver(int threadCount = 0, bool refuseAboveCfl = true, CpuTiling tiling = {});

    std::string name() const override { return "cpu"; }
    void load(const Map& map) override;
    void setParams(const SimParams& params) override;
    void setBoundary(const std::vector<BoundarySegment>& segments) override;
    void setSources(const std::vector<PointSource>& sources) override;
    StepResult step(int count) override;

    Diagnostics diagnostics() const override { return diagnostics_; }
    const SimParams& params() const override { return params_; }
    MapState readState() const override;
    const std::vector<BoundarySegment>& boundary() const override { return segments_; }
    const std::vector<PointSource>& sources() const override { return sources_; }

private:
    void advance(int count);      // `count` steps, tile by tile
    void advancePass(int steps);  // one pass: every tile `steps` steps ahead
    void refreshDiagnostics();
    bool stateIsFinite() const;

    int threadCount_;
    bool refuseAboveCfl_;
    CpuTiling tiling_;
    Lattice lattice_;
    std::vector<float> bed_, depth_;
    std::vector<std::vector<float>> flows_;      // padded, one per family
    std::vector<float> nextDepth_;               // the state a pass writes (swapped in after it)
    std::vector<std::vector<float>> nextFlows_;
    std::vector<float> depthBackup_;             // the state before the current call, to undo it
    std::vector<std::vector<float>> flowsBackup_;
    SimParams params_;
    StepConstants constants_{};
    std::vector<BoundarySegment> segments_;
    std::vector<PointSource> sources_;
    TilePlan tiles_;
    std::vector<TileWorkspace> workspaces_; // one per thread
    double time_ = 0.0;
    std::int64_t steps_ = 0;
    VolumeLedger ledger_;
    Diagnostics diagnostics_;
    bool parallel_ = false;
};

} // namespace rb
