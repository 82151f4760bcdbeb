#pragma once

#include "solver/MeanFlowRecorder.h"
#include "solver/MomentumFusedStep.h"
#include "solver/PipeStages.h"
#include "solver/RowBlock.h"
#include "solver/StepTrace.h"
#include "solver/Solver.h"
#include "solver/TilePlan.h"
#include "solver/TileWorkspace.h"
#include "erosion/ErosionStage.h"
#include "transport/DyeCarrier.h"

#include <optional>
#include <vector>

namespace rb {

// The reference implementation of the virtual-pipes method. The step itself (PipeStep) is written
// once over edge families, so it serves the square and the triangular lattice alike; this class
// runs it tile by tile (TilePlan), tiles in parallel (OpenMP). Every tile's result and every
// reduction is combined in a fixed order, so results do not depend on the thread count.
// How the CPU solver cuts the map for temporal blocking: tiles `tileSize` columns wide (each a
// strip the map's height), each advanced `stepsPerPass` steps in one sweep down the strip through
// a cache-sized ring of rows before its core is written back. The answers do not depend on either
// (tested bitwise); only the speed does.
struct CpuTiling {
    int tileSize = 512;    // measured best at 1024² on 2 cores: few halo columns, one strip per core
    int stepsPerPass = 16; // the map's arrays are read and written once per 16 steps
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

    void setBed(const CellRegion& rect, const std::vector<float>& bed) override;
    void setDepth(const CellRegion& rect, const std::vector<float>& depth) override;
    void restoreDepth(const CellRegion& rect, const std::vector<float>& depth, double edited) override;
    std::vector<float> readBed(const CellRegion& rect) const override;
    std::vector<float> readDepth(const CellRegion& rect) const override;
    void setDye(int channel, const CellRegion& rect, const std::vector<float>& dyed) override;
    std::vector<float> readDye(int channel, const CellRegion& rect) const override;
    void setCurrents(const std::vector<FloatField>& cells, const std::vector<FloatField>& flows) override;
    void setErodibility(const CellRegion& rect, const std::vector<float>& values) override;
    std::vector<float> readErodibility(const CellRegion& rect) const override;
    std::vector<float> readSediment(const CellRegion& rect) const override;
    std::vector<float> readDeposition(const CellRegion& rect) const override;
    void restoreErosion(const CellRegion& rect, const std::vector<float>& bed, const std::vector<float>& sediment,
                        const std::vector<float>& deposition, const std::vector<float>& bedRemainder, const SedimentLedger& ledger) override;

    void startMean(double from) override;
    void resumeMean() override;

    Diagnostics diagnostics() const override { return diagnostics_; }
    const SimParams& params() const override { return params_; }
    MapState readState() const override;
    const std::vector<BoundarySegment>& boundary() const override { return segments_; }
    const std::vector<PointSource>& sources() const override { return sources_; }

    // Hooks for a distributed run (core/distributed), which steps a band of the map with halo rows
    // and combines the bands itself; a plain run never calls them and runs exactly as without.
    // The diagnostics (maxima, NaN/Inf check, row volumes) over rows [first, last) only, and
    // faces headed there (the ghost rows with the map's first or last row).
    void setDiagnosticRows(int first, int last);
    const std::vector<double>& rowVolumes() const { return rowVolumes_; } // m³/cell area per row, the last refresh's
    // Each later step appends its StepTrace (null: none). Needs the pipes in one tile.
    void setLedgerTrace(std::vector<StepTrace>* trace);
    RowBlock readRows(int y0, int y1) const;
    void writeRows(const RowBlock& rows); // between calls: replaces the rows' water (and what it carries) as they stand
    // Every later booking of the dye's and the erosion's ledgers also goes on `tape` (null: none).
    void setLedgerTape(LedgerTape* tape);
    // The interval's sweeps of the erosion's load stop as the whole map's would: their largest
    // change over rows [first, last), through `reduce` (ErosionStage::setSweepScope).
    void setSweepScope(int first, int last, IntervalLoadTransport::SweepReduce reduce);
    // After a distributed run booked the tape's figures again (the erosion keeps a copy of its load's books).
    void booksRebooked() { erosion_.booksRebooked(); }
    // Those books as they stand (the diagnostics keep them as of the last refresh).
    const std::vector<DyeLedger>& dyeLedgers() const { return dye_.ledgers(); }
    const SedimentLedger& sedimentLedger() const { return erosion_.ledger(); }

private:
    // Both depth edits: `edited` replaces the ledger's figure if given, otherwise the change is added.
    void writeDepth(const CellRegion& rect, const std::vector<float>& depth, std::optional<double> edited);

    // Depths and flows: the solver keeps three sets. A call's first pass writes the spare `kept_`
    // and swaps it in, so the state the call started from stays there untouched (to restore if
    // the call is refused) without a copy; later passes alternate with `scratch_`.
    struct FieldSet {
        std::vector<float> depth;
        std::vector<std::vector<float>> flows;      // padded, one per family
        std::vector<std::vector<float>> velocities; // momentum model only: padded, one per family
    };

    void advance(int count, bool callStart);       // `count` steps, tile by tile
    void advanceMomentum(int count, bool callStart); // `count` momentum steps (at the call's start, the state before them kept)
    void advanceBetweenBedUpdates(int count);      // `count` steps, the bed updated at its interval
    void runMomentumSteps(int count);              // `count` momentum steps on state_
    void advanceStepwise(int count);               // `count` steps one at a time, the dye (and erosion) after each
    WaterStepRecord lastStep() const;              // the step just taken (depthBefore_ → state_)
    WaterStepRecord waterNow() const;              // the water and its last step's flows, without the depths before
    void updateDyeSources();                       // the dye's boundary and sources after either changed
    void matchVelocitiesToModel();                 // velocities for the momentum model, none for pipes
    void advancePass(int steps, FieldSet& target); // one pass: every tile `steps` steps ahead, into target
    bool refreshDiagnostics();                     // false if any value is NaN/Inf
    void refreshDyeDiagnostics();                  // the dye's and the sediment's volumes and ledgers
    bool bedInRange() const;                       // every bed value finite and within ±kMaxElevation
    const char* unstableWhat(bool finite) const;   // why the state after a call cannot stand, or nullptr
    std::string refusal(const Diagnostics& atStart, const char* what) const; // the message of a refused call
    bool scanFaceSpeeds(double& fastestSignal);    // momentum: max speed from the velocities; false if one is NaN/Inf
    std::vector<const std::vector<float>*> carriedCells() const; // RowBlock::cells' arrays, in its order
    void recordMeanStep(double stepStart);         // the step just taken into the time-mean, if it belongs to it

    int threadCount_;
    bool refuseAboveCfl_;
    CpuTiling tiling_;
    Lattice lattice_;
    std::vector<float> bed_;
    FieldSet state_;   // the current depths and flows
    FieldSet kept_;    // after a call's first pass: the state the call started from
    FieldSet scratch_;
    SimParams params_;
    StepConstants constants_{};
    MomentumConstants momentumConstants_{};
    std::vector<BoundaryEdge> boundaryEdges_; // the momentum step's: the whole map's, untiled
    std::vector<SourceCell> sourceCells_;
    std::vector<BoundarySegment> segments_;
    std::vector<PointSource> sources_;
    TilePlan tiles_;
    std::vector<TileWorkspace> workspaces_; // one per thread
    double time_ = 0.0;
    std::int64_t steps_ = 0;
    VolumeLedger ledger_;
    Diagnostics diagnostics_;
    float largestMagnitude_ = 0.0f; // largest |depth| or |flow| at the last refresh: the range check's
    bool parallel_ = false;
    // Dye (docs/solver.md, "Dye"). No channels: the step runs exactly as without dye.
    DyeCarrier dye_;
    std::vector<FloatField> currents_, currentFlows_; // the map's steady current, handed back as set
    std::vector<float> depthBefore_; // the water at the start of the step the dye follows
    // Erosion (docs/erosion.md): changes bed_ after each step while it is on.
    ErosionStage erosion_;
    // The time-mean flow (docs/solver.md, "Time-mean flow"): while it records, the pipes run one
    // step per pass, so that every step's flows are seen.
    MeanFlowRecorder mean_;
    // Distributed runs only (the hooks above).
    int diagnosticFirst_ = 0, diagnosticLast_ = -1; // −1: the map's height
    std::vector<double> rowVolumes_;
    std::vector<StepTrace>* trace_ = nullptr;
};

} // namespace rb
