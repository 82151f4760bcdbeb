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

void LedgerBook::addStep(VolumeLedger& ledger, FlowModel model, double dt, const std::vector<double>& edgeInward, const std::vector<double>& sourceChange) const
{
    // Rain and evaporation are refused in a distributed run: their +0 terms are added all the same.
    constexpr double kNoRain = 0.0;
    if (model == FlowModel::Momentum) {
        addBoundary(ledger, dt, edgeInward, -1);
        ledger.rain += kNoRain * momentumCellArea_;
        ledger.evaporation += kNoRain * momentumCellArea_;
        addSources(ledger, sourceChange, -1, momentumCellArea_);
        return;
    }
    VolumeLedger step;
    for (int t = 0; t < tiles_; ++t) {
        VolumeLedger tile;
        addBoundary(tile, dt, edgeInward, t);
        tile.rain += kNoRain * cellArea_;
        tile.evaporation += kNoRain * cellArea_;
        addSources(tile, sourceChange, t, cellArea_);
        step += tile;
    }
    ledger += step;
}

} // namespace rb
