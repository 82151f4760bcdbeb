#pragma once

#include "grid/BoundaryEdges.h"
#include "grid/SourceCells.h"
#include "lattice/Lattice.h"
#include "model/BoundarySegment.h"
#include "model/CellRegion.h"
#include "model/MapState.h"
#include "model/PointSource.h"
#include "model/SimParams.h"
#include "transport/CurrentDrift.h"
#include "transport/DyeTransport.h"

#include <memory>
#include <vector>

namespace rb {

// The dye a solver carries (docs/solver.md, "Dye"), kept on the host for either backend: the
// channels' dyed depths and ledgers, the transport built from the boundary and sources in force,
// and what a call started from (restored when the call is refused). A solver tells it what each
// of its steps did to the water (WaterStepRecord); with no channels it does nothing at all.
class DyeCarrier {
public:
    void load(const Lattice& lattice, const MapState& state, int threadCount);
    void setParams(const SimParams& params);
    // The boundary edges (with their segments) and sources in force; adds the channels they name.
    void setBoundaryAndSources(const std::vector<BoundaryEdge>& edges, const std::vector<BoundarySegment>& segments,
                               const std::vector<SourceCell>& sources);

    // The map's steady current's face fluxes (MapState::currentFlows; empty: none): the dye rides on
    // them after each step of the water.
    void setCurrentFlows(const std::vector<FloatField>& flows);
    bool ridesOnCurrents() const { return drift_ != nullptr; }

    bool empty() const { return dye_.empty(); }
    int channelCount() const { return static_cast<int>(dye_.size()); }

    void beginCall();                          // keeps the state a refused call returns to
    void carry(const WaterStepRecord& water);  // one step of the water: transport, then diffusion
    void restoreCall();                        // the call was refused

    // The editor's dye brush: a channel's dyed depth over `rect` (0 ≤ d ≤ depth, checked), the
    // change booked as edited. `depth` is the water over `rect`.
    void setDye(int channel, const CellRegion& rect, const std::vector<float>& dyed, const std::vector<float>& depth);
    std::vector<float> readDye(int channel, const CellRegion& rect) const;
    // After a depth edit over `rect` from `before` to `after`: water taken away takes its dye
    // (the concentration stays), added water is clean; booked as edited.
    void keepWithinWater(const CellRegion& rect, const std::vector<float>& before, const std::vector<float>& after);

    void writeTo(MapState& state) const;     // channels and ledgers
    std::vector<double> volumes() const;     // m³ of dyed water per channel
    const std::vector<DyeLedger>& ledgers() const { return ledgers_; }

    // For a solver that carries the dye itself (the OpenCL device) instead of calling carry():
    // the channels and ledgers to read back into and edit, and what its transport would be built from.
    std::vector<std::vector<float>>& channels() { return dye_; }
    const std::vector<std::vector<float>>& channels() const { return dye_; }
    // Every later booking of the transport also goes on `tape` (null: none), for a distributed run.
    void setLedgerTape(LedgerTape* tape);
    std::vector<DyeLedger>& mutableLedgers() { return ledgers_; }
    std::vector<DyeBoundaryEdge> transportEdges() const;
    std::vector<DyeSource> transportSources() const;

private:
    void addChannels(int count);
    void rebuildTransport();

    Lattice lattice_;
    int threadCount_ = 1;
    SimParams params_;
    DyeStepConstants constants_;
    std::vector<BoundaryEdge> edges_;
    std::vector<BoundarySegment> segments_;
    std::vector<SourceCell> sources_;
    std::vector<std::vector<float>> dye_, keptDye_;
    std::vector<DyeLedger> ledgers_, keptLedgers_;
    std::unique_ptr<DyeTransport> transport_;
    std::unique_ptr<CurrentDrift> drift_;
    LedgerTape* tape_ = nullptr;
};

} // namespace rb
