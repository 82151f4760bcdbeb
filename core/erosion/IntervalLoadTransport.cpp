#include "erosion/IntervalLoadTransport.h"

#include "grid/VectorClones.h"

#include <algorithm>
#include <stdexcept>
#include <utility>

#include <omp.h>

namespace rb {
namespace {

std::size_t toSize(int i)
{
    return static_cast<std::size_t>(i);
}

} // namespace

IntervalLoadTransport::IntervalLoadTransport(const Lattice& lattice, std::vector<DyeBoundaryEdge> edges, std::vector<DyeSource> sources, int threadCount)
    : lattice_(lattice), edges_(std::move(edges)), sources_(std::move(sources)), threadCount_(std::max(1, threadCount))
{
    const auto padded = static_cast<std::ptrdiff_t>(lattice_.paddedWidth());
    for (int f = 0; f < lattice_.familyCount(); ++f) {
        bool alongRow = true;
        for (int parity = 0; parity < 2; ++parity) {
            const CellOffset t = lattice_.family(f).tailOffset(parity), h = lattice_.family(f).headOffset(parity);
            offsets_[toSize(parity)].tail[toSize(f)] = t.dy * padded + t.dx;
            offsets_[toSize(parity)].head[toSize(f)] = h.dy * padded + h.dx;
            alongRow = alongRow && t.dy == 0 && t.dx == -1 && h.dy == 0 && h.dx == 1;
        }
        if (alongRow) alongRowFamily_ = f;
    }
    concentration_.assign(lattice_.paddedCount(), 0.0f);
    reciprocal_.resize(lattice_.cellCount());
    rowChange_.resize(toSize(lattice_.height()));
    rowClipped_.resize(toSize(lattice_.height()));
    scratch_.resize(toSize(threadCount_));
    for (RowScratch& s : scratch_) {
        s.a.resize(toSize(lattice_.width()));
        s.b.resize(toSize(lattice_.width()));
    }
}

int IntervalLoadTransport::carry(const float* depth, const Flows& flows, double seconds, std::vector<float>& load, DyeLedger& ledger)
{
    const auto perArea = static_cast<float>(seconds / lattice_.cellArea());
    const int height = lattice_.height();
    bring(flows, seconds, perArea, load, ledger);
#pragma omp parallel for schedule(static) num_threads(threadCount_) if (threadCount_ > 1)
    for (int y = 0; y < height; ++y) gatherRow(y, depth, flows, perArea);

    std::fill(concentration_.begin(), concentration_.end(), 0.0f);
    int sweeps = 0;
    while (sweeps < kMaxSweeps) {
        const SweepChange change = sweep(flows, perArea, load, sweeps % 2 == 0);
        ++sweeps;
        if (change.largestChange <= kTolerance * change.largestConcentration) break;
    }

#pragma omp parallel for schedule(static) num_threads(threadCount_) if (threadCount_ > 1)
    for (int y = 0; y < height; ++y) moveRow(y, flows, perArea, load, scratchOfThisThread());
    bookSum(tape_, ledger.clipped, LedgerTape::Over::Rows, lattice_.cellArea(), rowClipped_); // rows in order: the same total on any thread count
    bookEdgesAndDrains(flows, seconds, perArea, load, ledger);
    return sweeps;
}

// Inflow edges and springs bring their sediment into the cell's load before it mixes; a drain's
// water leaves too, so it joins what the load mixes into (a drain taking everything acts at the end).
void IntervalLoadTransport::bring(const Flows& flows, double seconds, float perArea, std::vector<float>& load, DyeLedger& ledger)
{
    std::vector<double> in(edges_.size(), 0.0), springs(sources_.size(), 0.0); // each edge's and source's term (0: none)
    for (std::size_t k = 0; k < edges_.size(); ++k) {
        const DyeBoundaryEdge& edge = edges_[k];
        const float inflow = edge.inward * flows[toSize(edge.family)][edge.flowIndex];
        if (!(inflow > 0.0f) || edge.concentration[0] == 0.0f) continue;
        const float before = load[edge.cell];
        load[edge.cell] = before + perArea * (inflow * edge.concentration[0]);
        in[k] = static_cast<double>(load[edge.cell]) - static_cast<double>(before);
    }
    drains_.clear();
    for (std::size_t k = 0; k < sources_.size(); ++k) {
        const DyeSource& s = sources_[k];
        const auto water = static_cast<float>(s.rate * seconds / lattice_.cellArea());
        if (s.kind != PointSource::Kind::Spring) {
            if (!s.drainAll) drains_.push_back({s.cell, water});
            continue;
        }
        if (s.channel != 0) continue;
        const float before = load[s.cell];
        load[s.cell] = before + water * s.concentration;
        springs[k] = static_cast<double>(load[s.cell]) - static_cast<double>(before);
    }
    std::stable_sort(drains_.begin(), drains_.end(), [](const Drain& a, const Drain& b) { return a.cell < b.cell; });
    bookSum(tape_, ledger.boundaryIn, LedgerTape::Over::Edges, lattice_.cellArea(), in);
    bookSum(tape_, ledger.springs, LedgerTape::Over::Sources, lattice_.cellArea(), springs);
}

// 1/(the water a cell's load mixes into): its own and what leaves it in the interval.
RB_VECTOR_CLONES void IntervalLoadTransport::gatherRow(int y, const float* depth, const Flows& flows, float perArea)
{
    const int width = lattice_.width();
    const FaceOffsets& at = offsets_[toSize(y & 1)];
    const std::size_t slot0 = lattice_.paddedIndex(0, y), cell0 = lattice_.index(0, y);
    float* passing = &reciprocal_[cell0];
    const float* h = depth + cell0;
    for (int x = 0; x < width; ++x) passing[x] = std::max(h[x], 0.0f);
    for (int f = 0; f < lattice_.familyCount(); ++f) {
        const float* fromTail = flows[toSize(f)] + slot0;
        const float* toHead = flows[toSize(f)] + (static_cast<std::ptrdiff_t>(slot0) + at.head[toSize(f)]);
        for (int x = 0; x < width; ++x) passing[x] = passing[x] + perArea * std::max(-fromTail[x], 0.0f); // back through the tail face
        for (int x = 0; x < width; ++x) passing[x] = passing[x] + perArea * std::max(toHead[x], 0.0f);   // on through the head face
    }
    const auto rowEnd = static_cast<std::uint32_t>(cell0 + toSize(width));
    auto drain = std::lower_bound(drains_.begin(), drains_.end(), static_cast<std::uint32_t>(cell0), [](const Drain& d, std::uint32_t cell) { return d.cell < cell; });
    for (; drain != drains_.end() && drain->cell < rowEnd; ++drain) passing[drain->cell - cell0] += drain->water;
    // A film thinner than kMinimumPassing would give its load a concentration beyond float range;
    // taking more water than passes only lowers c, which keeps every load ≥ 0.
    for (int x = 0; x < width; ++x) passing[x] = 1.0f / std::max(passing[x], kMinimumPassing);
}

IntervalLoadTransport::SweepChange IntervalLoadTransport::sweep(const Flows& flows, float perArea, const std::vector<float>& load, bool leftToRight)
{
    const int height = lattice_.height();
    // Red-black by rows: a row's neighbours lie in the rows beside it, so the rows of one parity
    // are independent, and the result does not depend on the thread count.
    for (int parity = 0; parity < 2; ++parity) {
        const int rows = (height - parity + 1) / 2;
#pragma omp parallel for schedule(static) num_threads(threadCount_) if (threadCount_ > 1)
        for (int k = 0; k < rows; ++k) {
            const int y = 2 * k + parity;
            rowChange_[toSize(y)] = sweepRow(y, flows, perArea, load, leftToRight, scratchOfThisThread());
        }
    }
    SweepChange total;
    const int last = sweepLast_ < 0 ? height : sweepLast_;
    for (int y = sweepFirst_; y < last; ++y) {
        const SweepChange& row = rowChange_[toSize(y)];
        total.largestChange = std::max(total.largestChange, row.largestChange);
        total.largestConcentration = std::max(total.largestConcentration, row.largestConcentration);
    }
    if (reduce_) reduce_(total.largestChange, total.largestConcentration);
    return total;
}

// One row's concentrations: everything but the neighbour the sweep comes from is summed first
// (vectorised); then the row is walked from that side, each cell taking its new neighbour's value.
RB_VECTOR_CLONES IntervalLoadTransport::SweepChange IntervalLoadTransport::sweepRow(int y, const Flows& flows, float perArea, const std::vector<float>& load,
                                                                                   bool leftToRight, RowScratch& scratch)
{
    const int width = lattice_.width();
    const std::size_t slot0 = lattice_.paddedIndex(0, y), cell0 = lattice_.index(0, y);
    float* c = &concentration_[slot0]; // c[−1] and c[width] are the ghost ring's 0
    const float* r = &reciprocal_[cell0];
    float* sum = scratch.a.data();
    float* fromBehind = scratch.b.data(); // the water coming from the side the walk starts on
    std::copy_n(&load[cell0], width, sum);
    addIncoming(y, flows, perArea, alongRowFamily_, sum);
    SweepChange change;
    const auto keep = [&](int x, float updated) {
        change.largestChange = std::max(change.largestChange, updated - c[x]);
        change.largestConcentration = std::max(change.largestConcentration, updated);
        c[x] = updated;
    };
    if (alongRowFamily_ < 0) {
        for (int x = 0; x < width; ++x) keep(x, sum[x] * r[x]);
        return change;
    }
    const float* fromWest = flows[toSize(alongRowFamily_)] + slot0; // + flows east into the cell
    const float* toEast = fromWest + 1;                              // + flows east out of it
    if (leftToRight) {
        for (int x = 0; x < width; ++x) {
            sum[x] = sum[x] + perArea * (std::max(-toEast[x], 0.0f) * c[x + 1]);
            fromBehind[x] = std::max(fromWest[x], 0.0f);
        }
        float behind = c[-1];
        for (int x = 0; x < width; ++x) {
            const float updated = (sum[x] + perArea * (fromBehind[x] * behind)) * r[x];
            keep(x, updated);
            behind = updated;
        }
    } else {
        for (int x = 0; x < width; ++x) {
            sum[x] = sum[x] + perArea * (std::max(fromWest[x], 0.0f) * c[x - 1]);
            fromBehind[x] = std::max(-toEast[x], 0.0f);
        }
        float behind = c[width];
        for (int x = width - 1; x >= 0; --x) {
            const float updated = (sum[x] + perArea * (fromBehind[x] * behind)) * r[x];
            keep(x, updated);
            behind = updated;
        }
    }
    return change;
}

// Adds to `sum` the load every face of the row's cells brings from its upwind neighbour at the
// present concentrations, but for `skippedFamily` (−1: none).
RB_VECTOR_CLONES void IntervalLoadTransport::addIncoming(int y, const Flows& flows, float perArea, int skippedFamily, float* sum) const
{
    const int width = lattice_.width();
    const FaceOffsets& at = offsets_[toSize(y & 1)];
    const auto slot0 = static_cast<std::ptrdiff_t>(lattice_.paddedIndex(0, y));
    for (int f = 0; f < lattice_.familyCount(); ++f) {
        if (f == skippedFamily) continue;
        const float* fromTail = flows[toSize(f)] + slot0;
        const float* tailC = &concentration_[toSize(slot0 + at.tail[toSize(f)])];
        for (int x = 0; x < width; ++x) sum[x] = sum[x] + perArea * (std::max(fromTail[x], 0.0f) * tailC[x]);
        const float* toHead = flows[toSize(f)] + (slot0 + at.head[toSize(f)]);
        const float* headC = &concentration_[toSize(slot0 + at.head[toSize(f)])];
        for (int x = 0; x < width; ++x) sum[x] = sum[x] + perArea * (std::max(-toHead[x], 0.0f) * headC[x]);
    }
}

// The new load: what the cell held, plus what came in, minus what its water took out, each face's
// amount computed as its other cell computes it.
RB_VECTOR_CLONES void IntervalLoadTransport::moveRow(int y, const Flows& flows, float perArea, std::vector<float>& load, RowScratch& scratch)
{
    const int width = lattice_.width();
    const FaceOffsets& at = offsets_[toSize(y & 1)];
    const std::size_t slot0 = lattice_.paddedIndex(0, y), cell0 = lattice_.index(0, y);
    const float* c = &concentration_[slot0];
    float* in = scratch.a.data();
    float* out = scratch.b.data();
    std::fill_n(in, width, 0.0f);
    std::fill_n(out, width, 0.0f);
    addIncoming(y, flows, perArea, -1, in);
    for (int f = 0; f < lattice_.familyCount(); ++f) {
        const float* fromTail = flows[toSize(f)] + slot0;
        const float* toHead = flows[toSize(f)] + (static_cast<std::ptrdiff_t>(slot0) + at.head[toSize(f)]);
        for (int x = 0; x < width; ++x) out[x] = out[x] + perArea * (std::max(-fromTail[x], 0.0f) * c[x]);
        for (int x = 0; x < width; ++x) out[x] = out[x] + perArea * (std::max(toHead[x], 0.0f) * c[x]);
    }
    float* s = &load[cell0];
    for (int x = 0; x < width; ++x) s[x] = (s[x] + in[x]) - out[x];
    // Every sweep stays below the solution, so only rounding can take a load below 0.
    double clipped = 0.0;
    for (int x = 0; x < width; ++x)
        if (s[x] < 0.0f) {
            clipped -= static_cast<double>(s[x]);
            s[x] = 0.0f;
        }
    rowClipped_[toSize(y)] = clipped;
}

void IntervalLoadTransport::setSweepScope(int first, int last, SweepReduce reduce)
{
    if (first < 0 || last > lattice_.height() || first >= last) throw std::invalid_argument("sweep rows outside the map");
    sweepFirst_ = first;
    sweepLast_ = last;
    reduce_ = std::move(reduce);
}

std::size_t IntervalLoadTransport::paddedSlotOf(std::uint32_t cell) const
{
    const auto width = static_cast<std::uint32_t>(lattice_.width());
    return lattice_.paddedIndex(static_cast<int>(cell % width), static_cast<int>(cell / width));
}

// What left through the map's edges (moveRow already took it) and what the drains take.
void IntervalLoadTransport::bookEdgesAndDrains(const Flows& flows, double seconds, float perArea, std::vector<float>& load,
                                               DyeLedger& ledger) const
{
    std::vector<double> out(edges_.size(), 0.0), drained(sources_.size(), 0.0);
    for (std::size_t k = 0; k < edges_.size(); ++k) {
        const DyeBoundaryEdge& edge = edges_[k];
        const float outflow = std::max(-(edge.inward * flows[toSize(edge.family)][edge.flowIndex]), 0.0f);
        out[k] = static_cast<double>(perArea * (outflow * concentration_[paddedSlotOf(edge.cell)]));
    }
    for (std::size_t k = 0; k < sources_.size(); ++k) {
        const DyeSource& s = sources_[k];
        if (s.kind == PointSource::Kind::Spring) continue;
        float& l = load[s.cell];
        const float before = l;
        const auto water = static_cast<float>(s.rate * seconds / lattice_.cellArea());
        l = s.drainAll ? 0.0f : std::max(l - water * concentration_[paddedSlotOf(s.cell)], 0.0f);
        drained[k] = static_cast<double>(before) - static_cast<double>(l);
    }
    bookSum(tape_, ledger.boundaryOut, LedgerTape::Over::Edges, lattice_.cellArea(), out);
    bookSum(tape_, ledger.drains, LedgerTape::Over::Sources, lattice_.cellArea(), drained);
}

IntervalLoadTransport::RowScratch& IntervalLoadTransport::scratchOfThisThread()
{
    return scratch_[toSize(omp_get_thread_num())];
}

} // namespace rb
