#include "erosion/ErosionStage.h"

#include "grid/RegionEdit.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace rb {

void ErosionStage::load(const Lattice& lattice, const MapState& state, int threadCount)
{
    suspendedVolume_.reset();
    lattice_ = lattice;
    threadCount_ = std::max(1, threadCount);
    erodibility_ = state.erodibility.values();
    load_.clear();
    loadLedger_.assign(1, state.sedimentLedger.carried);
    if (!state.sediment.empty()) load_.push_back(state.sediment.values());
    deposition_ = state.deposition.values();
    bedRemainder_ = state.bedRemainder.values();
    ledger_ = state.sedimentLedger;
    exchange_ = std::make_unique<SedimentExchange>(lattice_, threadCount_);
    slide_ = std::make_unique<ThermalSlide>(lattice_, threadCount_);
    transport_.reset();
    if (!load_.empty() || !deposition_.empty()) allocateLoad();
    attachTape();
}

// The load and the deposition exist from the first step with erosion on, and then stay (the map
// keeps them as state); a map that never eroded has neither.
void ErosionStage::allocateLoad()
{
    suspendedVolume_.reset();
    if (load_.empty()) load_.emplace_back(lattice_.cellCount(), 0.0f);
    if (deposition_.empty()) deposition_.assign(lattice_.cellCount(), 0.0f);
    if (bedRemainder_.empty()) bedRemainder_.assign(lattice_.cellCount(), 0.0f);
    // Only once: setParams comes here on every change of dt (the automatic dt's every 16 steps),
    // and the transports' buffers are tens of megabytes on a large map.
    if (!transport_) rebuildTransport();
}

void ErosionStage::setParams(const SimParams& params)
{
    params_ = params.erosion;
    constants_ = ErosionConstants::from(params, lattice_);
    loadConstants_ = DyeStepConstants::from(params, lattice_, 0.0);
    loadConstants_.weatherTakesLoad = false;
    loadConstants_.boundByWater = false;
    if (params_.enabled) allocateLoad();
}

void ErosionStage::setBoundaryAndSources(const std::vector<BoundaryEdge>& edges, const std::vector<BoundarySegment>& segments,
                                         const std::vector<SourceCell>& sources)
{
    edges_ = edges;
    segments_ = segments;
    sources_ = sources;
    rebuildTransport();
}

// The load as a dye channel: inflows bring their segment's sediment, springs theirs.
void ErosionStage::rebuildTransport()
{
    intervalTransport_.reset();
    if (load_.empty()) return transport_.reset();
    std::vector<DyeBoundaryEdge> edges;
    for (const BoundaryEdge& e : edges_) {
        DyeBoundaryEdge edge{e.family, e.flowIndex, e.cell, e.inward, {}};
        if (e.segment >= 0 && e.type == BoundaryType::Inflow)
            edge.concentration[0] = static_cast<float>(segments_[static_cast<std::size_t>(e.segment)].sediment);
        edges.push_back(edge);
    }
    std::vector<DyeSource> sources;
    for (const SourceCell& s : sources_)
        sources.push_back({s.cell, s.kind, s.rate, s.drainAll, s.sediment > 0.0 ? 0 : -1, static_cast<float>(s.sediment)});
    intervalTransport_ = std::make_unique<IntervalLoadTransport>(lattice_, edges, sources, threadCount_);
    transport_ = std::make_unique<DyeTransport>(lattice_, std::move(edges), std::move(sources), threadCount_);
    attachTape();
}

void ErosionStage::setLedgerTape(LedgerTape* tape)
{
    tape_ = tape;
    attachTape();
}

void ErosionStage::setSweepScope(int first, int last, IntervalLoadTransport::SweepReduce reduce)
{
    sweepFirst_ = first;
    sweepLast_ = last;
    sweepReduce_ = std::move(reduce);
    attachTape();
}

// The tape and the sweeps' scope on whatever parts exist now (they are rebuilt with the map, the
// boundary and the sources).
void ErosionStage::attachTape()
{
    if (transport_) transport_->setLedgerTape(tape_);
    if (intervalTransport_) {
        intervalTransport_->setLedgerTape(tape_);
        if (sweepLast_ >= 0) intervalTransport_->setSweepScope(sweepFirst_, sweepLast_, sweepReduce_);
    }
    if (exchange_) exchange_->setLedgerTape(tape_);
    if (slide_) slide_->setLedgerTape(tape_);
}

std::vector<const std::vector<float>*> ErosionStage::carriedFields() const
{
    std::vector<const std::vector<float>*> fields;
    for (const std::vector<float>* f : {load_.empty() ? nullptr : &load_[0], &deposition_, &bedRemainder_})
        if (f && !f->empty()) fields.push_back(f);
    return fields;
}

int ErosionStage::stepsUntilUpdate(std::int64_t stepsDone) const
{
    const std::int64_t interval = params_.interval;
    return static_cast<int>(interval - stepsDone % interval);
}

ErosionFields ErosionStage::fields(std::vector<float>& bed)
{
    return {bed.data(), load_[0].data(), deposition_.data(), bedRemainder_.data(), erodibility_.empty() ? nullptr : erodibility_.data()};
}

void ErosionStage::beginCall()
{
    keptThisCall_ = false;
}

// Only the bed updates change the bed and the load during a call, so the first update of a call
// still sees what the call started from.
void ErosionStage::keepCallStart(const std::vector<float>& bed)
{
    keptThisCall_ = true;
    keptBed_ = bed;
    keptLoad_ = load_;
    keptDeposition_ = deposition_;
    keptBedRemainder_ = bedRemainder_;
    keptLoadLedger_ = loadLedger_;
    keptLedger_ = ledger_;
}

void ErosionStage::update(const WaterStepRecord& water, std::vector<float>& bed)
{
    if (!params_.enabled) return;
    suspendedVolume_.reset();
    if (!keptThisCall_) keepCallStart(bed);
    carryLoad(water);
    ledger_.carried = loadLedger_[0];
    exchange_->exchange(constants_, water.depthAfter, water.flows, fields(bed), ledger_);
    for (int k = 0; k < constants_.thermalSlides; ++k) slide_->slide(constants_, fields(bed), ledger_, k > 0);
}

void ErosionStage::carryLoad(const WaterStepRecord& water)
{
    if (params_.interval == 1) return transport_->step(water, loadConstants_, load_, loadLedger_);
    intervalTransport_->carry(water.depthAfter, water.flows, constants_.intervalSeconds, load_[0], loadLedger_[0]);
}

void ErosionStage::restoreCall(std::vector<float>& bed)
{
    suspendedVolume_.reset();
    if (!keptThisCall_) return;
    keptThisCall_ = false;
    std::swap(bed, keptBed_);
    std::swap(load_, keptLoad_);
    std::swap(deposition_, keptDeposition_);
    std::swap(bedRemainder_, keptBedRemainder_);
    loadLedger_ = keptLoadLedger_;
    ledger_ = keptLedger_;
}

void ErosionStage::keepWithinWater(const CellRegion& rect, const std::vector<float>& before, const std::vector<float>& after)
{
    suspendedVolume_.reset();
    if (load_.empty()) return;
    const auto width = static_cast<std::size_t>(lattice_.width());
    double removed = 0.0;
    std::size_t k = 0;
    for (int y = rect.y; y < rect.y + rect.height; ++y)
        for (int x = rect.x; x < rect.x + rect.width; ++x, ++k) {
            if (after[k] >= before[k]) continue;
            float& s = load_[0][static_cast<std::size_t>(y) * width + static_cast<std::size_t>(x)];
            const float kept = before[k] > 0.0f ? s * (after[k] / before[k]) : 0.0f;
            removed += static_cast<double>(s - kept);
            s = kept;
        }
    loadLedger_[0].edited -= removed * lattice_.cellArea();
    ledger_.carried = loadLedger_[0];
}

void ErosionStage::setErodibility(const CellRegion& rect, const std::vector<float>& values)
{
    requireRegionInside(lattice_, rect);
    if (values.size() != rect.cellCount()) throw std::invalid_argument("erodibility edit: the values do not match the rectangle");
    for (float v : values)
        if (!(v >= 0.0f && v <= 1.0f)) throw std::invalid_argument("erodibility must lie in [0, 1] (0 bedrock, 1 loose soil)");
    if (erodibility_.empty()) erodibility_.assign(lattice_.cellCount(), 1.0f);
    writeRegion(erodibility_, lattice_.width(), rect, values);
}

std::vector<float> ErosionStage::readErodibility(const CellRegion& rect) const
{
    requireRegionInside(lattice_, rect);
    if (erodibility_.empty()) return std::vector<float>(rect.cellCount(), 1.0f);
    return copyRegion(erodibility_, lattice_.width(), rect);
}

std::vector<float> ErosionStage::readSediment(const CellRegion& rect) const
{
    requireRegionInside(lattice_, rect);
    if (load_.empty()) return std::vector<float>(rect.cellCount(), 0.0f);
    return copyRegion(load_[0], lattice_.width(), rect);
}

std::vector<float> ErosionStage::readDeposition(const CellRegion& rect) const
{
    requireRegionInside(lattice_, rect);
    if (deposition_.empty()) return std::vector<float>(rect.cellCount(), 0.0f);
    return copyRegion(deposition_, lattice_.width(), rect);
}

void ErosionStage::restore(const CellRegion& rect, const std::vector<float>& sediment, const std::vector<float>& deposition, const std::vector<float>& bedRemainder,
                           const SedimentLedger& ledger)
{
    if (!rect.empty()) requireRegionInside(lattice_, rect);
    if (sediment.size() != rect.cellCount() || deposition.size() != rect.cellCount() || bedRemainder.size() != rect.cellCount())
        throw std::invalid_argument("erosion restore: the values do not match the rectangle");
    for (std::size_t i = 0; i < sediment.size(); ++i)
        if (!(sediment[i] >= 0.0f) || !std::isfinite(sediment[i]) || !std::isfinite(deposition[i]) || !(std::abs(bedRemainder[i]) <= 1.0f))
            throw std::invalid_argument("erosion restore: a load must be finite and not negative, a deposition finite, a remainder within ±1 m");
    suspendedVolume_.reset();
    if (load_.empty() || deposition_.empty()) allocateLoad();
    if (!rect.empty()) {
        writeRegion(load_[0], lattice_.width(), rect, sediment);
        writeRegion(deposition_, lattice_.width(), rect, deposition);
        writeRegion(bedRemainder_, lattice_.width(), rect, bedRemainder);
    }
    ledger_ = ledger;
    loadLedger_.assign(1, ledger.carried);
}

std::vector<float> ErosionStage::readBedRemainder(const CellRegion& rect) const
{
    requireRegionInside(lattice_, rect);
    if (bedRemainder_.empty()) return std::vector<float>(rect.cellCount(), 0.0f);
    return copyRegion(bedRemainder_, lattice_.width(), rect);
}

void ErosionStage::writeTo(MapState& state) const
{
    const int w = lattice_.width(), h = lattice_.height();
    const auto fieldOf = [&](const std::vector<float>& values) {
        FloatField field;
        if (values.empty()) return field;
        field = FloatField(w, h);
        field.values() = values;
        return field;
    };
    state.erodibility = fieldOf(erodibility_);
    state.sediment = fieldOf(load_.empty() ? std::vector<float>() : load_[0]);
    state.deposition = fieldOf(deposition_);
    state.bedRemainder = fieldOf(bedRemainder_);
    state.sedimentLedger = ledger_;
}

double ErosionStage::suspendedVolume() const
{
    if (load_.empty()) return 0.0;
    if (!suspendedVolume_) {
        double sum = 0.0;
        for (float s : load_[0]) sum += s;
        suspendedVolume_ = sum * lattice_.cellArea();
    }
    return *suspendedVolume_;
}

} // namespace rb
