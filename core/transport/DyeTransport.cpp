#include "transport/DyeTransport.h"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <utility>

namespace rb {
namespace {

std::size_t toSize(int i)
{
    return static_cast<std::size_t>(i);
}

} // namespace

DyeStepConstants DyeStepConstants::from(const SimParams& params, const Lattice& lattice, double halfLife)
{
    DyeStepConstants c;
    c.dtSeconds = params.dt;
    c.cellArea = lattice.cellArea();
    c.dtOverArea = static_cast<float>(params.dt / lattice.cellArea());
    c.rainDepth = static_cast<float>(params.rain * params.dt);
    c.evaporationDepth = static_cast<float>(params.evaporation * params.dt);
    c.decayFactor = halfLife > 0.0 ? static_cast<float>(std::exp2(-params.dt / halfLife)) : 1.0f;
    return c;
}

DyeTransport::DyeTransport(const Lattice& lattice, std::vector<DyeBoundaryEdge> edges, std::vector<DyeSource> sources, int threadCount)
    : lattice_(lattice), edges_(std::move(edges)), sources_(std::move(sources)), threadCount_(std::max(1, threadCount))
{
    concentration_.resize(lattice_.cellCount());
    keptByWeather_.resize(lattice_.cellCount());
    replayedDepth_.resize(lattice_.cellCount());
    const auto rows = toSize(lattice_.height());
    rowEvaporated_.resize(rows);
    rowClipped_.resize(rows);
    rowDecayed_.resize(rows);
}

void DyeTransport::step(const WaterStepRecord& water, const DyeStepConstants& constants, std::vector<std::vector<float>>& dyed,
                        std::vector<DyeLedger>& ledgers)
{
    replayWater(water, constants);
    for (std::size_t channel = 0; channel < dyed.size(); ++channel) {
        std::vector<float>& d = dyed[channel];
        DyeLedger& ledger = ledgers[channel];
        computeConcentrations(water.depthBefore, d);
        advectAndEvaporate(water, constants, d);
        crossBoundary(water, constants, static_cast<int>(channel), d, ledger);
        // The rows' evaporation after the boundary's, in the order the device books them.
        bookSum(tape_, ledger.evaporation, LedgerTape::Over::Rows, constants.cellArea, rowEvaporated_);
        applySources(constants, static_cast<int>(channel), d, ledger);
        decayAndKeepWithinWater(water, constants, d, ledger);
    }
}

// The water's own arithmetic, cell by cell (both models' continuity update), to learn what share
// evaporation left and what the point sources did: the dye follows the same float steps.
void DyeTransport::replayWater(const WaterStepRecord& water, const DyeStepConstants& c)
{
    const int width = lattice_.width(), height = lattice_.height();
    std::vector<float>& depth = replayedDepth_; // every cell is written below
#pragma omp parallel for schedule(static) num_threads(threadCount_) if (threadCount_ > 1)
    for (int y = 0; y < height; ++y) {
        const NeighbourOffsets at = neighbourOffsets(y); // a head outside the map lies in the flows' ghost ring
        for (int x = 0; x < width; ++x) {
            const std::size_t padded = lattice_.paddedIndex(x, y);
            float net = 0.0f;
            for (int f = 0; f < lattice_.familyCount(); ++f) {
                const float* q = water.flows[toSize(f)];
                net += q[padded] - q[static_cast<std::size_t>(static_cast<std::ptrdiff_t>(padded) + at.headPadded[toSize(f)])];
            }
            const std::size_t cell = lattice_.index(x, y);
            const float moved = water.depthBefore[cell] + c.dtOverArea * net;
            const float wetted = moved + c.rainDepth;
            const float updated = wetted - std::min(wetted, c.evaporationDepth);
            keptByWeather_[cell] = wetted > 0.0f ? updated / wetted : 0.0f;
            depth[cell] = updated;
        }
    }
    sourceBefore_.resize(sources_.size());
    sourceAfter_.resize(sources_.size());
    for (std::size_t k = 0; k < sources_.size(); ++k) {
        const DyeSource& s = sources_[k];
        float& h = depth[s.cell];
        sourceBefore_[k] = h;
        const auto amount = static_cast<float>(s.rate * c.dtSeconds / c.cellArea);
        if (s.kind == PointSource::Kind::Spring) h += amount;
        else h -= s.drainAll ? h : std::min(h, amount);
        sourceAfter_[k] = h;
    }
}

void DyeTransport::computeConcentrations(const float* depth, const std::vector<float>& dyed)
{
    const std::size_t n = lattice_.cellCount();
    for (std::size_t i = 0; i < n; ++i) concentration_[i] = depth[i] > 0.0f ? std::min(dyed[i] / depth[i], 1.0f) : 0.0f;
}

// What the cell's edges bring in minus what they take out (m³/s of dyed water), each edge's water
// carrying the concentration of the cell it comes from. Ghost cells count as clean here; the water
// a boundary edge brings is dyed by crossBoundary.
float DyeTransport::upwindFlux(const WaterStepRecord& water, int x, int y, float own) const
{
    float flux = 0.0f;
    for (int f = 0; f < lattice_.familyCount(); ++f) {
        const EdgeFamily& family = lattice_.family(f);
        const float* q = water.flows[toSize(f)];
        const CellOffset t = family.tailOffset(y);
        const int tx = x + t.dx, ty = y + t.dy;
        const float entering = q[lattice_.paddedIndex(x, y)];
        const float tail = lattice_.contains(tx, ty) ? concentration_[lattice_.index(tx, ty)] : 0.0f;
        flux += entering * (entering > 0.0f ? tail : own);
        const CellOffset h = family.headOffset(y);
        const int hx = x + h.dx, hy = y + h.dy;
        const float leaving = q[lattice_.paddedIndex(hx, hy)];
        const float head = lattice_.contains(hx, hy) ? concentration_[lattice_.index(hx, hy)] : 0.0f;
        flux -= leaving * (leaving > 0.0f ? own : head);
    }
    return flux;
}

DyeTransport::NeighbourOffsets DyeTransport::neighbourOffsets(int row) const
{
    const auto width = static_cast<std::ptrdiff_t>(lattice_.width()), padded = static_cast<std::ptrdiff_t>(lattice_.paddedWidth());
    NeighbourOffsets at;
    for (int f = 0; f < lattice_.familyCount(); ++f) {
        const CellOffset t = lattice_.family(f).tailOffset(row), h = lattice_.family(f).headOffset(row);
        at.tailCell[toSize(f)] = t.dy * width + t.dx;
        at.headCell[toSize(f)] = h.dy * width + h.dx;
        at.headPadded[toSize(f)] = h.dy * padded + h.dx;
    }
    return at;
}

// upwindFlux for a cell whose neighbours all lie inside the map: the same float operations in the
// same order (so the same bits, as the OpenCL kernels expect), without the bounds checks.
float DyeTransport::interiorUpwindFlux(const WaterStepRecord& water, const NeighbourOffsets& at, std::size_t cell, std::size_t padded,
                                       float own) const
{
    float flux = 0.0f;
    for (int f = 0; f < lattice_.familyCount(); ++f) {
        const float* q = water.flows[toSize(f)];
        const float entering = q[padded];
        const float tail = concentration_[static_cast<std::size_t>(static_cast<std::ptrdiff_t>(cell) + at.tailCell[toSize(f)])];
        flux += entering * (entering > 0.0f ? tail : own);
        const float leaving = q[static_cast<std::size_t>(static_cast<std::ptrdiff_t>(padded) + at.headPadded[toSize(f)])];
        const float head = concentration_[static_cast<std::size_t>(static_cast<std::ptrdiff_t>(cell) + at.headCell[toSize(f)])];
        flux -= leaving * (leaving > 0.0f ? own : head);
    }
    return flux;
}

// The row's new dyed depths after advection, before the weather: interior cells by the fast path,
// the map's edge cells by the checked one.
void DyeTransport::advectRow(const WaterStepRecord& water, const DyeStepConstants& c, int y, std::vector<float>& dyed)
{
    const int width = lattice_.width();
    const bool interiorRow = y > 0 && y < lattice_.height() - 1;
    const NeighbourOffsets at = neighbourOffsets(y);
    for (int x = 0; x < width; ++x) {
        const std::size_t cell = lattice_.index(x, y);
        const bool interior = interiorRow && x > 0 && x < width - 1;
        const float flux = interior ? interiorUpwindFlux(water, at, cell, lattice_.paddedIndex(x, y), concentration_[cell])
                                    : upwindFlux(water, x, y, concentration_[cell]);
        dyed[cell] = dyed[cell] + c.dtOverArea * flux;
    }
}

// Each row's evaporated dye goes into rowEvaporated_, booked by step() after crossBoundary.
void DyeTransport::advectAndEvaporate(const WaterStepRecord& water, const DyeStepConstants& c, std::vector<float>& dyed)
{
    const int width = lattice_.width(), height = lattice_.height();
    if (!c.weatherTakesLoad) std::fill(rowEvaporated_.begin(), rowEvaporated_.end(), 0.0);
#pragma omp parallel for schedule(static) num_threads(threadCount_) if (threadCount_ > 1)
    for (int y = 0; y < height; ++y) {
        advectRow(water, c, y, dyed);
        double evaporated = 0.0;
        if (!c.weatherTakesLoad) continue; // rowEvaporated_ stays 0
        for (int x = 0; x < width; ++x) {
            const std::size_t cell = lattice_.index(x, y);
            const float moved = dyed[cell];
            const float kept = moved * keptByWeather_[cell];
            evaporated += static_cast<double>(moved - kept);
            dyed[cell] = kept;
        }
        rowEvaporated_[toSize(y)] = evaporated;
    }
}

// Water entering through a boundary edge brings the edge's concentration; water leaving took the
// cell's (upwindFlux already moved it): both are booked here. The water's step counts the entering
// water in the cell's moved depth, before the weather (replayWater), so evaporation takes the same
// share of its dye as advectAndEvaporate took of the cell's other dye: spared, the inflow's dye
// would outgrow the cell's water and be clipped.
void DyeTransport::crossBoundary(const WaterStepRecord& water, const DyeStepConstants& c, int channel, std::vector<float>& dyed,
                                 DyeLedger& ledger) const
{
    // Each edge's terms (0 where it adds nothing: the sums keep their bits), so a distributed run
    // can add them again in the whole map's order.
    std::vector<double> in(edges_.size(), 0.0), out(edges_.size(), 0.0), evaporated(edges_.size(), 0.0);
    for (std::size_t k = 0; k < edges_.size(); ++k) {
        const DyeBoundaryEdge& edge = edges_[k];
        const float inflow = edge.inward * water.flows[toSize(edge.family)][edge.flowIndex];
        if (inflow > 0.0f) {
            const float arrived = c.dtOverArea * (inflow * edge.concentration[toSize(channel)]);
            const float kept = keptOfArrival(c, edge.cell, arrived), taken = arrived - kept;
            const float before = dyed[edge.cell];
            dyed[edge.cell] = before + kept;
            // What arrived is what the cell gained (as stored) plus what evaporation took of it.
            in[k] = static_cast<double>(dyed[edge.cell] - before) + static_cast<double>(taken);
            evaporated[k] = static_cast<double>(taken);
        } else {
            out[k] = static_cast<double>(c.dtOverArea * (-inflow * concentration_[edge.cell]));
        }
    }
    bookSum(tape_, ledger.boundaryIn, LedgerTape::Over::Edges, c.cellArea, in);
    bookSum(tape_, ledger.boundaryOut, LedgerTape::Over::Edges, c.cellArea, out);
    bookSum(tape_, ledger.evaporation, LedgerTape::Over::Edges, c.cellArea, evaporated);
}

// What the weather leaves of dye that arrived in the cell with the step's moved water: the cell's
// share for dye; all of a load the weather leaves behind.
float DyeTransport::keptOfArrival(const DyeStepConstants& c, std::uint32_t cell, float arrived) const
{
    return c.weatherTakesLoad ? arrived * keptByWeather_[cell] : arrived;
}

void DyeTransport::applySources(const DyeStepConstants& c, int channel, std::vector<float>& dyed, DyeLedger& ledger) const
{
    std::vector<double> springs(sources_.size(), 0.0), drains(sources_.size(), 0.0); // 0: booked nowhere
    for (std::size_t k = 0; k < sources_.size(); ++k) {
        const DyeSource& s = sources_[k];
        float& d = dyed[s.cell];
        const float before = d;
        if (s.kind == PointSource::Kind::Spring) {
            if (s.channel == channel) d += (sourceAfter_[k] - sourceBefore_[k]) * s.concentration;
            springs[k] = static_cast<double>(d - before);
        } else {
            d = sourceBefore_[k] > 0.0f ? d * (sourceAfter_[k] / sourceBefore_[k]) : 0.0f;
            drains[k] = static_cast<double>(before - d);
        }
    }
    bookEach(tape_, ledger.springs, LedgerTape::Over::Sources, c.cellArea, springs);
    bookEach(tape_, ledger.drains, LedgerTape::Over::Sources, c.cellArea, drains);
}

void DyeTransport::decayAndKeepWithinWater(const WaterStepRecord& water, const DyeStepConstants& c, std::vector<float>& dyed,
                                           DyeLedger& ledger)
{
    const int width = lattice_.width(), height = lattice_.height();
#pragma omp parallel for schedule(static) num_threads(threadCount_) if (threadCount_ > 1)
    for (int y = 0; y < height; ++y) {
        double clipped = 0.0, decayed = 0.0;
        for (int x = 0; x < width; ++x) {
            const std::size_t cell = lattice_.index(x, y);
            const float within = c.boundByWater ? std::clamp(dyed[cell], 0.0f, water.depthAfter[cell]) : std::max(dyed[cell], 0.0f);
            clipped += static_cast<double>(within - dyed[cell]);
            const float left = within * c.decayFactor;
            decayed += static_cast<double>(within - left);
            dyed[cell] = left;
        }
        rowClipped_[toSize(y)] = clipped;
        rowDecayed_[toSize(y)] = decayed;
    }
    bookSum(tape_, ledger.clipped, LedgerTape::Over::Rows, c.cellArea, rowClipped_);
    bookSum(tape_, ledger.decayed, LedgerTape::Over::Rows, c.cellArea, rowDecayed_);
}

} // namespace rb
