#pragma once

#include "erosion/ErosionConstants.h"
#include "erosion/IntervalLoadTransport.h"
#include "erosion/SedimentExchange.h"
#include "erosion/ThermalSlide.h"
#include "grid/BoundaryEdges.h"
#include "grid/SourceCells.h"
#include "lattice/Lattice.h"
#include "model/BoundarySegment.h"
#include "model/CellRegion.h"
#include "model/MapState.h"
#include "model/SedimentLedger.h"
#include "model/SimParams.h"
#include "transport/DyeTransport.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

namespace rb {

// Erosion as a stage of the step (docs/erosion.md), kept on the host beside the water: once every
// `interval` steps of the water (the steps whose number is a multiple of it, so a run does not
// depend on how it is split into calls), over Δt = interval·dt,
//   1. the suspended load rides with the water: with interval 1 exactly as one dye channel does
//      (DyeTransport; evaporation leaves it behind and the water is not bounded by it), with a
//      longer interval implicitly on the last step's flows (IntervalLoadTransport),
//   2. the bed and the load trade towards the water's capacity (SedimentExchange),
//   3. loose material slides where the bed is steeper than the talus angle (ThermalSlide).
// It owns the load, the net deposition and the erodibility, and keeps what a call started from
// (the bed too, at the call's first update) for a refused call.
class ErosionStage {
public:
    void load(const Lattice& lattice, const MapState& state, int threadCount);
    void setParams(const SimParams& params);
    void setBoundaryAndSources(const std::vector<BoundaryEdge>& edges, const std::vector<BoundarySegment>& segments,
                               const std::vector<SourceCell>& sources);

    bool enabled() const { return params_.enabled; }
    // Interval 1 carries the load with every step, so the water must run step by step.
    bool needsEveryStep() const { return params_.enabled && params_.interval == 1; }
    // After the water's step number `step` (counted from the map's start), the bed updates.
    bool dueAfter(std::int64_t step) const { return params_.enabled && step % params_.interval == 0; }
    // Steps the water can take from `stepsDone` before the next update is due (at least 1).
    int stepsUntilUpdate(std::int64_t stepsDone) const;

    void beginCall();
    // The bed update due after the water's step just taken (`water.depthBefore` is read only
    // with interval 1).
    void update(const WaterStepRecord& water, std::vector<float>& bed);
    void restoreCall(std::vector<float>& bed); // back to the call's start, if an update ran in it
    bool updatedThisCall() const { return keptThisCall_; } // only an update moves the bed during a call

    // After a depth edit over `rect`: water taken away takes its load in proportion (booked as
    // edited); added water is clean.
    void keepWithinWater(const CellRegion& rect, const std::vector<float>& before, const std::vector<float>& after);
    // The erodibility brush: values in [0, 1] over `rect` (else std::invalid_argument, no change).
    void setErodibility(const CellRegion& rect, const std::vector<float>& values);
    std::vector<float> readErodibility(const CellRegion& rect) const;
    std::vector<float> readSediment(const CellRegion& rect) const;
    std::vector<float> readDeposition(const CellRegion& rect) const;
    std::vector<float> readBedRemainder(const CellRegion& rect) const;
    // Undo of an erosion period (the editor): the load and the net deposition over `rect` and the
    // ledger as read before, exactly (else std::invalid_argument, no change).
    void restore(const CellRegion& rect, const std::vector<float>& sediment, const std::vector<float>& deposition, const std::vector<float>& bedRemainder,
                 const SedimentLedger& ledger);

    // For a distributed run (core/distributed), which steps a band of the map: every later booking
    // also goes on `tape` (null: none); the interval's sweeps stop as one process's would
    // (IntervalLoadTransport::setSweepScope); and the fields an update changes besides the bed
    // (the load, the net deposition, the bed's remainder: those the stage holds), which the halo
    // exchange writes into, after which loadChanged() is called.
    void setLedgerTape(LedgerTape* tape);
    void setSweepScope(int first, int last, IntervalLoadTransport::SweepReduce reduce);
    std::vector<const std::vector<float>*> carriedFields() const;
    void loadChanged() { suspendedVolume_.reset(); }
    // After the tape's figures were booked again from outside: the ledger's copy of the load's books.
    void booksRebooked() { ledger_.carried = loadLedger_[0]; }

    void writeTo(MapState& state) const;
    double suspendedVolume() const; // m³ (summed again only after the load changed)
    const SedimentLedger& ledger() const { return ledger_; }

private:
    void allocateLoad();
    void keepCallStart(const std::vector<float>& bed);
    void carryLoad(const WaterStepRecord& water);
    void rebuildTransport();
    void attachTape();
    ErosionFields fields(std::vector<float>& bed);

    Lattice lattice_;
    int threadCount_ = 1;
    ErosionParams params_;
    ErosionConstants constants_;
    DyeStepConstants loadConstants_;
    std::vector<BoundaryEdge> edges_;
    std::vector<BoundarySegment> segments_;
    std::vector<SourceCell> sources_;
    std::vector<float> erodibility_; // empty: loose soil everywhere
    std::vector<std::vector<float>> load_;  // one channel, the suspended sediment; empty until erosion runs
    std::vector<DyeLedger> loadLedger_;     // its transport's ledger
    std::vector<float> deposition_, bedRemainder_;
    SedimentLedger ledger_;
    std::vector<float> keptBed_, keptDeposition_, keptBedRemainder_;
    std::vector<std::vector<float>> keptLoad_;
    std::vector<DyeLedger> keptLoadLedger_;
    SedimentLedger keptLedger_;
    bool keptThisCall_ = false;
    mutable std::optional<double> suspendedVolume_;
    std::unique_ptr<DyeTransport> transport_;              // interval 1
    std::unique_ptr<IntervalLoadTransport> intervalTransport_; // longer intervals
    std::unique_ptr<SedimentExchange> exchange_;
    std::unique_ptr<ThermalSlide> slide_;
    LedgerTape* tape_ = nullptr;
    int sweepFirst_ = 0, sweepLast_ = -1; // −1: the whole map, no reduction
    IntervalLoadTransport::SweepReduce sweepReduce_;
};

} // namespace rb
