#pragma once

#include "solver/BoundaryEdges.h"
#include "solver/Solver.h"
#include "solver/SourceCells.h"

#include <vector>

namespace rb {

// The reference implementation of the virtual-pipes step, written once over edge families so it
// serves the square and the triangular lattice alike. Rows run in parallel (OpenMP); every
// reduction is summed per row and then in row order, so results do not depend on thread count.
class CpuSolver : public Solver {
public:
    // threadCount 0: OpenMP's default, used only on maps large enough to gain from it; any other
    // count is used as given, whatever the size. refuseAboveCfl: refuse calls whose CFL number exceeds 1
    // (outflow scaling keeps an unstable run finite, so NaN alone would not reveal it); only the
    // stability-limit test turns it off, to measure where the scheme really breaks.
    explicit CpuSolver(int threadCount = 0, bool refuseAboveCfl = true);

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
    // Per-step constants derived from the parameters.
    struct StepConstants {
        float dt;
        float frictionFactor; // (1 − friction)^dt
        float viscosityTerm;  // 3·dt·ν
        bool depthPipes;
        float constantArea;
        float dtOverArea;     // dt / S
        float rainDepth;      // rain·dt
        float evaporationDepth;
    };

    void stepOnce();
    void setBoundaryFlows();
    void accelerateFlows();
    void computeOutflowScales();
    void scaleOutflows();
    void recordBoundaryFlows();
    void updateDepths();
    void applyPointSources();
    void refreshDiagnostics();
    bool stateIsFinite() const;

    float& flow(int family, int x, int y) { return flows_[static_cast<std::size_t>(family)][lattice_.paddedIndex(x, y)]; }
    float surface(std::size_t cell) const { return bed_[cell] + depth_[cell]; }
    float pipeArea(float upwindDepth, int family) const;
    float viscousDamping(float flow, float upwindDepth) const;

    int threadCount_;
    bool forceThreads_;
    bool parallel_ = false;
    bool refuseAboveCfl_;
    Lattice lattice_;
    std::vector<float> bed_, depth_;
    std::vector<std::vector<float>> flows_; // padded, one per family
    std::vector<float> depthBackup_;             // the state before the current call, to undo it
    std::vector<std::vector<float>> flowsBackup_;
    std::vector<float> outflowScale_;       // step 3: the factor each cell applies to what leaves it
    SimParams params_;
    StepConstants constants_{};
    std::vector<BoundarySegment> segments_;
    std::vector<BoundaryEdge> boundaryEdges_;
    std::vector<PointSource> sources_;
    std::vector<SourceCell> sourceCells_;
    double time_ = 0.0;
    std::int64_t steps_ = 0;
    VolumeLedger ledger_;
    Diagnostics diagnostics_;
};

} // namespace rb
