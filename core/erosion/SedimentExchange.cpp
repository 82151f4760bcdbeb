#include "erosion/SedimentExchange.h"

#include "erosion/BedChange.h"
#include "erosion/LooseMaterial.h"

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

SedimentExchange::SedimentExchange(const Lattice& lattice, int threadCount) : lattice_(lattice), threadCount_(std::max(1, threadCount))
{
    capacity_.resize(lattice_.cellCount());
    rowEroded_.resize(toSize(lattice_.height()));
    rowDeposited_.resize(toSize(lattice_.height()));
    rowRounding_.resize(toSize(lattice_.height()));
}

// The depth-averaged speed from the cell's faces: a uniform velocity U moves h·w·(U·e_f) through
// every face of family f, so u_f = (Q_in + Q_out)/2/(h·w) and U = (2/F)·Σ u_f·e_f.
float SedimentExchange::speedAt(const ErosionConstants& c, int x, int y, float depth, const std::array<const float*, Lattice::kMaxFamilies>& flows) const
{
    float vx = 0.0f, vy = 0.0f;
    for (int f = 0; f < lattice_.familyCount(); ++f) {
        const CellOffset head = lattice_.family(f).headOffset(y);
        const float* q = flows[toSize(f)];
        const float through = 0.5f * (q[lattice_.paddedIndex(x, y)] + q[lattice_.paddedIndex(x + head.dx, y + head.dy)]);
        const float u = through / (depth * c.faceWidth[toSize(f)]);
        vx += u * c.directionX[toSize(f)];
        vy += u * c.directionY[toSize(f)];
    }
    return c.velocityScale * std::sqrt(vx * vx + vy * vy);
}

// The steepest drop to a neighbour over its distance (0 in a pit), at most 1.
float SedimentExchange::downhillSlopeAt(const ErosionConstants& c, int x, int y, const float* bed) const
{
    const float own = bed[lattice_.index(x, y)];
    float slope = 0.0f;
    for (int f = 0; f < lattice_.familyCount(); ++f) {
        const EdgeFamily& family = lattice_.family(f);
        for (const CellOffset o : {family.tailOffset(y), family.headOffset(y)}) {
            if (!lattice_.contains(x + o.dx, y + o.dy)) continue;
            slope = std::max(slope, (own - bed[lattice_.index(x + o.dx, y + o.dy)]) / c.spacing[toSize(f)]);
        }
    }
    return std::min(slope, 1.0f);
}

float SedimentExchange::capacityAt(const ErosionConstants& c, int x, int y, const float* depth,
                                   const std::array<const float*, Lattice::kMaxFamilies>& flows, const float* bed) const
{
    const float h = depth[lattice_.index(x, y)];
    if (!(h >= c.minDepth)) return 0.0f;
    return c.capacity * h * speedAt(c, x, y, h, flows) * downhillSlopeAt(c, x, y, bed);
}

void SedimentExchange::exchange(const ErosionConstants& c, const float* depth, const std::array<const float*, Lattice::kMaxFamilies>& flows,
                                const ErosionFields& fields, SedimentLedger& ledger)
{
    const int width = lattice_.width(), height = lattice_.height();
    // Capacities first, from the bed as it stands, so no cell sees a neighbour's new bed.
#pragma omp parallel for schedule(static) num_threads(threadCount_) if (threadCount_ > 1)
    for (int y = 0; y < height; ++y)
        for (int x = 0; x < width; ++x) capacity_[lattice_.index(x, y)] = capacityAt(c, x, y, depth, flows, fields.bed);
#pragma omp parallel for schedule(static) num_threads(threadCount_) if (threadCount_ > 1)
    for (int y = 0; y < height; ++y) exchangeRow(c, y, depth, fields);
    ledger.eroded += sumRows(rowEroded_) * c.cellArea;
    ledger.deposited += sumRows(rowDeposited_) * c.cellArea;
    ledger.rounding += sumRows(rowRounding_) * c.cellArea;
}

void SedimentExchange::exchangeRow(const ErosionConstants& c, int y, const float* depth, const ErosionFields& fields)
{
    double eroded = 0.0, deposited = 0.0, rounding = 0.0;
    for (int x = 0; x < lattice_.width(); ++x) {
        const std::size_t cell = lattice_.index(x, y);
        const float load = fields.sediment[cell], capacity = capacity_[cell];
        float change; // of the bed: + settled, − eroded
        if (!(depth[cell] >= c.minDepth)) change = load;
        else if (load < capacity)
            change = -erodibleAmount(c.erosionShare * (capacity - load), fields.deposition[cell], fields.erodibility ? fields.erodibility[cell] : 1.0f);
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

// Rows in order: the totals do not depend on the thread count.
double SedimentExchange::sumRows(const std::vector<double>& rows)
{
    double total = 0.0;
    for (double r : rows) total += r;
    return total;
}

} // namespace rb
