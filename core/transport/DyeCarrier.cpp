#include "transport/DyeCarrier.h"

#include "grid/RegionEdit.h"
#include "model/Map.h"
#include "transport/DyeDiffusion.h"

#include <algorithm>
#include <stdexcept>

namespace rb {

void DyeCarrier::load(const Lattice& lattice, const MapState& state, int threadCount)
{
    lattice_ = lattice;
    threadCount_ = std::max(1, threadCount);
    dye_.clear();
    for (const FloatField& d : state.dye) dye_.push_back(d.values());
    ledgers_ = state.dyeLedgers;
    keptDye_.clear();
    keptLedgers_.clear();
    transport_.reset();
    setCurrentFlows(state.currentFlows);
}

void DyeCarrier::setCurrentFlows(const std::vector<FloatField>& flows)
{
    drift_ = flows.empty() ? nullptr : std::make_unique<CurrentDrift>(lattice_, flows);
    if (drift_ && drift_->empty()) drift_.reset();
}

void DyeCarrier::setParams(const SimParams& params)
{
    params_ = params;
    constants_ = DyeStepConstants::from(params, lattice_, params.dyeHalfLife);
}

void DyeCarrier::setBoundaryAndSources(const std::vector<BoundaryEdge>& edges, const std::vector<BoundarySegment>& segments,
                                       const std::vector<SourceCell>& sources)
{
    edges_ = edges;
    segments_ = segments;
    sources_ = sources;
    int named = 0;
    for (const BoundarySegment& s : segments) named = std::max(named, s.dye + 1);
    for (const SourceCell& s : sources) named = std::max(named, s.dye + 1);
    addChannels(named);
    rebuildTransport();
}

// Channels are created when the boundary, a spring or an edit first names them; they are never
// dropped while a solver runs (the dye already released stays in the water).
void DyeCarrier::addChannels(int count)
{
    if (count > kMaxDyeChannels) throw std::invalid_argument("a map has at most " + std::to_string(kMaxDyeChannels) + " dye channels");
    while (static_cast<int>(dye_.size()) < count) {
        dye_.emplace_back(lattice_.cellCount(), 0.0f);
        ledgers_.emplace_back();
    }
}

void DyeCarrier::rebuildTransport()
{
    if (dye_.empty()) return transport_.reset();
    transport_ = std::make_unique<DyeTransport>(lattice_, transportEdges(), transportSources(), threadCount_);
    transport_->setLedgerTape(tape_);
}

void DyeCarrier::setLedgerTape(LedgerTape* tape)
{
    tape_ = tape;
    if (transport_) transport_->setLedgerTape(tape);
}

std::vector<DyeBoundaryEdge> DyeCarrier::transportEdges() const
{
    std::vector<DyeBoundaryEdge> edges;
    for (const BoundaryEdge& e : edges_) {
        DyeBoundaryEdge edge{e.family, e.flowIndex, e.cell, e.inward, {}};
        const int channel = e.segment >= 0 && e.type == BoundaryType::Inflow ? segments_[static_cast<std::size_t>(e.segment)].dye : -1;
        if (channel >= 0) edge.concentration[static_cast<std::size_t>(channel)] = 1.0f;
        edges.push_back(edge);
    }
    return edges;
}

std::vector<DyeSource> DyeCarrier::transportSources() const
{
    std::vector<DyeSource> sources;
    for (const SourceCell& c : sources_) sources.push_back({c.cell, c.kind, c.rate, c.drainAll, c.dye});
    return sources;
}

void DyeCarrier::beginCall()
{
    keptDye_ = dye_;
    keptLedgers_ = ledgers_;
}

void DyeCarrier::carry(const WaterStepRecord& water)
{
    if (dye_.empty()) return;
    transport_->step(water, constants_, dye_, ledgers_);
    if (drift_) drift_->step(water.depthAfter, constants_.dtSeconds, dye_, ledgers_);
    if (params_.dyeDiffusivity <= 0.0) return;
    const DyeDiffusion diffusion(lattice_);
    for (std::size_t c = 0; c < dye_.size(); ++c) diffusion.diffuse(water.depthAfter, params_.dyeDiffusivity, params_.dt, dye_[c], ledgers_[c]);
}

void DyeCarrier::restoreCall()
{
    std::swap(dye_, keptDye_);
    ledgers_ = keptLedgers_;
}

void DyeCarrier::setDye(int channel, const CellRegion& rect, const std::vector<float>& dyed, const std::vector<float>& depth)
{
    if (channel < 0 || channel >= kMaxDyeChannels)
        throw std::invalid_argument("dye edit: the channel must be 0.." + std::to_string(kMaxDyeChannels - 1) + " (got " + std::to_string(channel) + ")");
    if (const std::string problem = checkRegionEdit(lattice_, rect, dyed, EditedField::Depth); !problem.empty()) throw std::invalid_argument(problem);
    for (std::size_t i = 0; i < dyed.size(); ++i)
        if (!(dyed[i] <= depth[i])) throw std::invalid_argument("dye edit: the dyed depth must not exceed the water's depth");
    const bool added = channelCount() <= channel;
    addChannels(channel + 1);
    if (added) rebuildTransport();
    std::vector<float>& field = dye_[static_cast<std::size_t>(channel)];
    const double change = depthChange(copyRegion(field, lattice_.width(), rect), dyed);
    writeRegion(field, lattice_.width(), rect, dyed);
    ledgers_[static_cast<std::size_t>(channel)].edited += change * lattice_.cellArea();
}

std::vector<float> DyeCarrier::readDye(int channel, const CellRegion& rect) const
{
    requireRegionInside(lattice_, rect);
    if (channel < 0 || channel >= channelCount()) return std::vector<float>(rect.cellCount(), 0.0f);
    return copyRegion(dye_[static_cast<std::size_t>(channel)], lattice_.width(), rect);
}

void DyeCarrier::keepWithinWater(const CellRegion& rect, const std::vector<float>& before, const std::vector<float>& after)
{
    const auto width = static_cast<std::size_t>(lattice_.width());
    for (std::size_t c = 0; c < dye_.size(); ++c) {
        double removed = 0.0;
        std::size_t k = 0;
        for (int y = rect.y; y < rect.y + rect.height; ++y)
            for (int x = rect.x; x < rect.x + rect.width; ++x, ++k) {
                if (after[k] >= before[k]) continue;
                float& d = dye_[c][static_cast<std::size_t>(y) * width + static_cast<std::size_t>(x)];
                const float kept = before[k] > 0.0f ? std::min(d * (after[k] / before[k]), after[k]) : 0.0f;
                removed += static_cast<double>(d - kept);
                d = kept;
            }
        ledgers_[c].edited -= removed * lattice_.cellArea();
    }
}

void DyeCarrier::writeTo(MapState& state) const
{
    state.dye.clear();
    for (const std::vector<float>& d : dye_) {
        state.dye.emplace_back(lattice_.width(), lattice_.height());
        state.dye.back().values() = d;
    }
    state.dyeLedgers = ledgers_;
}

std::vector<double> DyeCarrier::volumes() const
{
    std::vector<double> out;
    for (const std::vector<float>& d : dye_) {
        double sum = 0.0;
        for (float v : d) sum += v;
        out.push_back(sum * lattice_.cellArea());
    }
    return out;
}

} // namespace rb
