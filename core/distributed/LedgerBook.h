#pragma once

#include "model/MapState.h"
#include "model/SimParams.h"
#include "grid/BoundaryEdges.h"
#include "grid/SourceCells.h"
#include "solver/StepTrace.h"

#include <vector>

namespace rb {

// Rank 0's books of a distributed run: each step's boundary flows and source changes, gathered
// from every band, added up in the order a single process adds them, so the ledger has the same
// bits. The pipes add per tile (strips of CpuTiling's tileSize columns; an edge or source counts
// in the tile whose core holds its cell) and then the tiles in order; the momentum model adds
// straight into the running totals, edges in list order, then the sources in list order.
class LedgerBook {
public:
    LedgerBook(const Lattice& lattice, const std::vector<BoundaryEdge>& edges, const std::vector<SourceCell>& sources, int tileSize);

    // One step at `dt` (s) of `model`, the step's trace gathered from the bands: edgeInward and
    // sourceChange indexed as the whole map's lists, rowRain and rowEvaporation by map row. With
    // rain or evaporation the pipes' map must fit one tile (distributedRefusal).
    void addStep(VolumeLedger& ledger, FlowModel model, double dt, const StepTrace& step) const;

    std::size_t edgeCount() const { return edgeTile_.size(); }
    std::size_t sourceCount() const { return sourceTile_.size(); }

private:
    void addBoundary(VolumeLedger& ledger, double dt, const std::vector<double>& edgeInward, int tile) const;
    void addSources(VolumeLedger& ledger, const std::vector<double>& sourceChange, int tile, double cellArea) const;

    double cellArea_ = 0.0;
    double momentumCellArea_ = 0.0; // MomentumConstants keeps the cell area as a float
    int tiles_ = 1;
    std::vector<int> edgeTile_, sourceTile_; // the pipes' tile counting each
    std::vector<bool> spring_;
};

} // namespace rb
