#include "erosion/SedimentExchange.h"

#include "erosion/BedChange.h"
#include "erosion/LooseMaterial.h"
#include "grid/VectorClones.h"

#include <algorithm>
#include <cmath>
#include <cstddef>

namespace rb {
namespace {

std::size_t toSize(int i)
{
    return static_cast<std::size_t>(i);
}

} // namespace

SedimentExchange::SedimentExchange(const Lattice& lattice, int threadCount)
    : lattice_(lattice), neighbours_(lattice), threadCount_(std::max(1, threadCount))
{
    capacity_.resize(lattice_.cellCount());
    carry_.resize(lattice_.cellCount());
    slope_.resize(lattice_.cellCount());
    rowEroded_.resize(toSize(lattice_.height()));
    rowDeposited_.resize(toSize(lattice_.height()));
    rowRounding_.resize(toSize(lattice_.height()));
}

// The depth-averaged speed from the cell's faces: a uniform velocity U moves h·w·(U·e_f) through
// every face of family f, so u_f = (Q_in + Q_out)/2/(h·w) and U = (2/F)·Σ u_f·e_f.
float SedimentExchange::speedAt(const ErosionConstants& c, int x, int y, float depth, const std::array<const float*, Lattice::kMaxFamilies>& flows) const
{
    const CellNeighbours::Row& row = neighbours_.row(y);
    const std::size_t slot = lattice_.paddedIndex(x, y);
    float vx = 0.0f, vy = 0.0f;
    for (int f = 0; f < lattice_.familyCount(); ++f) {
        const auto k = static_cast<std::size_t>(f);
        const float* q = flows[k];
        const float through = 0.5f * (q[slot] + q[static_cast<std::size_t>(static_cast<std::ptrdiff_t>(slot) + row.headSlot[k])]);
        const float u = through / (depth * c.faceWidth[k]);
        vx += u * c.directionX[k];
        vy += u * c.directionY[k];
    }
    return c.velocityScale * std::sqrt(vx * vx + vy * vy);
}

// The steepest drop to a neighbour over its distance (0 in a pit), not yet capped at 1.
float SedimentExchange::downhillSlopeAt(const ErosionConstants& c, int x, int y, const float* bed) const
{
    const CellNeighbours::Row& row = neighbours_.row(y);
    const bool interior = x > 0 && y > 0 && x < lattice_.width() - 1 && y < lattice_.height() - 1;
    const std::size_t cell = lattice_.index(x, y);
    const float own = bed[cell];
    float slope = 0.0f;
    for (int k = 0; k < row.count; ++k) {
        const auto n = static_cast<std::size_t>(k);
        if (!interior && !lattice_.contains(x + row.step[n].dx, y + row.step[n].dy)) continue;
        const float neighbour = bed[static_cast<std::size_t>(static_cast<std::ptrdiff_t>(cell) + row.cell[n])];
        slope = std::max(slope, (own - neighbour) / c.spacing[static_cast<std::size_t>(row.family[n])]);
    }
    return slope;
}

SedimentExchange::Measure SedimentExchange::measureAt(const ErosionConstants& c, int x, int y, const float* depth,
                                                      const std::array<const float*, Lattice::kMaxFamilies>& flows, const float* bed) const
{
    const float h = depth[lattice_.index(x, y)];
    if (!(h >= c.minDepth)) return {};
    const float carry = c.capacity * h * speedAt(c, x, y, h, flows), slope = downhillSlopeAt(c, x, y, bed);
    return {carry * std::min(slope, 1.0f), carry, slope};
}

float SedimentExchange::capacityAt(const ErosionConstants& c, int x, int y, const float* depth,
                                   const std::array<const float*, Lattice::kMaxFamilies>& flows, const float* bed) const
{
    return measureAt(c, x, y, depth, flows, bed).capacity;
}

// What the bed gives towards a capacity deficit `gap` = C − s over the interval. The deficit
// closes at the erosion rate, d(gap)/dt = −rate·gap, and the bed's own fall closes it too: the
// water keeps its depth and speed, but a bed that drops by e flattens its slope by e/L, so below
// the slope of 1 the capacity falls by a = K·h·|v|/L per metre given (above it the capacity is
// capped, and does not fall over the first (S − 1)·L the bed gives). Solved
// exactly: d(gap)/dt = −rate·(1 + a)·gap once the slope is under 1, so the bed approaches the
// level where the load meets the capacity of the lowered bed and never passes it: it never falls
// below the neighbour its slope drops to, however long the interval and however deep and fast
// the water (a pit has no capacity to dig itself deeper). With a → 0 it is (1 − e^(−rate·Δt))·gap.
float SedimentExchange::erosionWanted(const ErosionConstants& c, float gap, float carry, float slope)
{
    const float fixedCapacity = c.erosionShare * gap; // what the bed would give were the capacity fixed
    const double spacing = c.nearestSpacing;
    const double freeFall = slope > 1.0f ? (static_cast<double>(slope) - 1.0) * spacing : 0.0;
    if (static_cast<double>(fixedCapacity) <= freeFall) return fixedCapacity;
    const double a = static_cast<double>(carry) / spacing, deficit = static_cast<double>(gap);
    // The part of the interval left once the bed has fallen freely to the slope of 1.
    const double exponentLeft = c.erosionExponent + std::log1p(-freeFall / deficit);
    const double given = freeFall - (deficit - freeFall) / (1.0 + a) * std::expm1(-(1.0 + a) * exponentLeft);
    return std::min(static_cast<float>(given), fixedCapacity);
}

// The map's edge cells by capacityAt; the interior (every neighbour inside) by a loop the compiler
// vectorises, with the same float operations in the same order.
void SedimentExchange::capacityRow(const ErosionConstants& c, int y, const float* depth, const std::array<const float*, Lattice::kMaxFamilies>& flows,
                                   const float* bed)
{
    const int width = lattice_.width();
    const bool interiorRow = y > 0 && y < lattice_.height() - 1 && width > 2;
    for (int x = 0; x < width; x += interiorRow && x == 0 ? width - 1 : 1) {
        const std::size_t cell = lattice_.index(x, y);
        const Measure m = measureAt(c, x, y, depth, flows, bed);
        capacity_[cell] = m.capacity;
        carry_[cell] = m.carry;
        slope_[cell] = m.slope;
    }
    if (!interiorRow) return;
    if (lattice_.familyCount() == 2) interiorCapacities<2>(c, y, depth, flows, bed);
    else interiorCapacities<3>(c, y, depth, flows, bed);
}

template <int Families>
RB_VECTOR_CLONES void SedimentExchange::interiorCapacities(const ErosionConstants& c, int y, const float* depth,
                                                           const std::array<const float*, Lattice::kMaxFamilies>& flows, const float* bed)
{
    const CellNeighbours::Row& row = neighbours_.row(y);
    const std::size_t cell0 = lattice_.index(0, y), slot0 = lattice_.paddedIndex(0, y);
    const float* h = depth + cell0;
    const float* b = bed + cell0;
    float* capacity = &capacity_[cell0];
    float* carryOut = &carry_[cell0];
    float* slopeOut = &slope_[cell0];
    std::array<const float*, Families> ending{}, starting{};
    std::array<float, Families> faceWidth{}, directionX{}, directionY{};
    for (std::size_t f = 0; f < Families; ++f) {
        ending[f] = flows[f] + slot0;
        starting[f] = flows[f] + (static_cast<std::ptrdiff_t>(slot0) + row.headSlot[f]);
        faceWidth[f] = c.faceWidth[f];
        directionX[f] = c.directionX[f];
        directionY[f] = c.directionY[f];
    }
    std::array<std::ptrdiff_t, 2 * Families> neighbour{};
    std::array<float, 2 * Families> spacing{};
    for (std::size_t k = 0; k < 2 * Families; ++k) {
        neighbour[k] = row.cell[k];
        spacing[k] = c.spacing[static_cast<std::size_t>(row.family[k])];
    }
    const float scale = c.velocityScale, minDepth = c.minDepth, factor = c.capacity;
    const int last = lattice_.width() - 1;
    for (int x = 1; x < last; ++x) {
        const float depthHere = h[x];
        float vx = 0.0f, vy = 0.0f;
        for (std::size_t f = 0; f < Families; ++f) {
            const float through = 0.5f * (ending[f][x] + starting[f][x]);
            const float u = through / (depthHere * faceWidth[f]);
            vx += u * directionX[f];
            vy += u * directionY[f];
        }
        const float speed = scale * std::sqrt(vx * vx + vy * vy);
        float slope = 0.0f;
        for (std::size_t k = 0; k < 2 * Families; ++k) slope = std::max(slope, (b[x] - b[x + neighbour[k]]) / spacing[k]);
        const float carry = factor * depthHere * speed;
        const float carried = carry * std::min(slope, 1.0f);
        const bool wet = depthHere >= minDepth;
        capacity[x] = wet ? carried : 0.0f;
        carryOut[x] = wet ? carry : 0.0f;
        slopeOut[x] = wet ? slope : 0.0f;
    }
}

void SedimentExchange::exchange(const ErosionConstants& c, const float* depth, const std::array<const float*, Lattice::kMaxFamilies>& flows,
                                const ErosionFields& fields, SedimentLedger& ledger)
{
    const int height = lattice_.height();
    // Capacities first, from the bed as it stands, so no cell sees a neighbour's new bed.
#pragma omp parallel for schedule(static) num_threads(threadCount_) if (threadCount_ > 1)
    for (int y = 0; y < height; ++y) capacityRow(c, y, depth, flows, fields.bed);
#pragma omp parallel for schedule(static) num_threads(threadCount_) if (threadCount_ > 1)
    for (int y = 0; y < height; ++y) exchangeRow(c, y, depth, fields);
    // Rows in order: the totals do not depend on the thread count.
    bookSum(tape_, ledger.eroded, LedgerTape::Over::Rows, c.cellArea, rowEroded_);
    bookSum(tape_, ledger.deposited, LedgerTape::Over::Rows, c.cellArea, rowDeposited_);
    bookSum(tape_, ledger.rounding, LedgerTape::Over::Rows, c.cellArea, rowRounding_);
}

void SedimentExchange::exchangeRow(const ErosionConstants& c, int y, const float* depth, const ErosionFields& fields)
{
    double eroded = 0.0, deposited = 0.0, rounding = 0.0;
    for (int x = 0; x < lattice_.width(); ++x) {
        const std::size_t cell = lattice_.index(x, y);
        const float load = fields.sediment[cell], capacity = capacity_[cell];
        if (load == 0.0f && capacity == 0.0f) continue; // dry, or still water with nothing in it
        float change; // of the bed: + settled, − eroded
        if (!(depth[cell] >= c.minDepth)) change = load;
        else if (load < capacity)
            change = -erodibleAmount(erosionWanted(c, capacity - load, carry_[cell], slope_[cell]), fields.deposition[cell],
                                     fields.erodibility ? fields.erodibility[cell] : 1.0f);
        else change = c.depositionShare * (load - capacity);
        if (change == 0.0f) continue;
        const float newLoad = std::max(load - change, 0.0f); // the load gives or takes exactly the change
        const float loadChange = newLoad - load;
        const float bedChange = changeBed(fields.bed[cell], fields.bedRemainder[cell], -loadChange);
        fields.sediment[cell] = newLoad;
        fields.deposition[cell] += bedChange;
        if (bedChange > 0.0f) deposited += static_cast<double>(bedChange);
        else eroded -= static_cast<double>(bedChange);
        rounding += static_cast<double>(bedChange) + static_cast<double>(loadChange);
    }
    rowEroded_[toSize(y)] = eroded;
    rowDeposited_[toSize(y)] = deposited;
    rowRounding_[toSize(y)] = rounding;
}

} // namespace rb
