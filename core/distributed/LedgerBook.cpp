#include "distributed/LedgerBook.h"

#include "lattice/Lattice.h"

#include <cmath>

namespace rb {

LedgerBook::LedgerBook(const Lattice& lattice, const std::vector<BoundaryEdge>& edges, const std::vector<SourceCell>& sources, int tileSize)
    : cellArea_(lattice.cellArea()), momentumCellArea_(static_cast<float>(lattice.cellArea())), tiles_((lattice.width() + tileSize - 1) / tileSize)
{
    const auto width = static_cast<std::uint32_t>(lattice.width());
    for (const BoundaryEdge& e : edges) edgeTile_.push_back(static_cast<int>(e.cell % width) / tileSize);
    for (const SourceCell& s : sources) {
        sourceTile_.push_back(static_cast<int>(s.cell % width) / tileSize);
        spring_.push_back(s.kind == PointSource::Kind::Spring);
    }
}

// PipeStep::runSteps' `finish` and MomentumStep::recordBoundary: in and out summed apart.
void LedgerBook::addBoundary(VolumeLedger& ledger, double dt, const std::vector<double>& edgeInward, int tile) const
{
    double in = 0.0, out = 0.0;
    for (std::size_t k = 0; k < edgeInward.size(); ++k) {
        if (tile >= 0 && edgeTile_[k] != tile) continue;
        (edgeInward[k] > 0.0 ? in : out) += std::abs(edgeInward[k]);
    }
    ledger.boundaryIn += in * dt;
    ledger.boundaryOut += out * dt;
}

void LedgerBook::addSources(VolumeLedger& ledger, const std::vector<double>& sourceChange, int tile, double cellArea) const
{
    for (std::size_t k = 0; k < sourceChange.size(); ++k) {
        if (tile >= 0 && sourceTile_[k] != tile) continue;
        (spring_[k] ? ledger.springs : ledger.drains) += sourceChange[k] * cellArea;
    }
}

void LedgerBook::addStep(VolumeLedger& ledger, FlowModel model, double dt, const StepTrace& step) const
{
    // Each step adds its rows' rain and evaporation from 0, row by row, before booking the total.
    double rained = 0.0, evaporated = 0.0;
    for (std::size_t y = 0; y < step.rowRain.size(); ++y) {
        rained += step.rowRain[y];
        evaporated += step.rowEvaporation[y];
    }
    if (model == FlowModel::Momentum) {
        addBoundary(ledger, dt, step.edgeInward, -1);
        ledger.rain += rained * momentumCellArea_;
        ledger.evaporation += evaporated * momentumCellArea_;
        addSources(ledger, step.sourceChange, -1, momentumCellArea_);
        return;
    }
    VolumeLedger total;
    for (int t = 0; t < tiles_; ++t) {
        VolumeLedger tile;
        addBoundary(tile, dt, step.edgeInward, t);
        tile.rain += (t == 0 ? rained : 0.0) * cellArea_; // one tile when it rains
        tile.evaporation += (t == 0 ? evaporated : 0.0) * cellArea_;
        addSources(tile, step.sourceChange, t, cellArea_);
        total += tile;
    }
    ledger += total;
}

} // namespace rb
