#include "erosion/ThermalSlide.h"

#include "erosion/BedChange.h"
#include "erosion/LooseMaterial.h"

#include <algorithm>
#include <cstddef>

namespace rb {
namespace {

std::size_t slideSize(int i)
{
    return static_cast<std::size_t>(i);
}

std::size_t offsetBy(std::size_t cell, std::ptrdiff_t offset)
{
    return static_cast<std::size_t>(static_cast<std::ptrdiff_t>(cell) + offset);
}

} // namespace

ThermalSlide::ThermalSlide(const Lattice& lattice, int threadCount)
    : lattice_(lattice), threadCount_(std::max(1, threadCount))
{
    given_.resize(lattice_.cellCount());
    firmness_.resize(lattice_.cellCount());
    perExcess_.resize(lattice_.cellCount());
    newBed_.resize(lattice_.cellCount());
    rowGives_.resize(slideSize(lattice_.height()));
    rowToMeasure_.resize(slideSize(lattice_.height()));
    rowSlid_.resize(slideSize(lattice_.height()));
    rowRounding_.resize(slideSize(lattice_.height()));
}

void ThermalSlide::slide(const ErosionConstants& c, const ErosionFields& fields, SedimentLedger& ledger, bool again)
{
    if (c.thermalShare <= 0.0f) return;
    buildRows(c);
    markRowsToMeasure(again);
    const int height = lattice_.height(), width = lattice_.width();
#pragma omp parallel for schedule(static) num_threads(threadCount_) if (threadCount_ > 1)
    for (int y = 0; y < height; ++y) rowGives_[slideSize(y)] = rowToMeasure_[slideSize(y)] && measureGiving(y, c.thermalShare, fields) ? 1 : 0;
#pragma omp parallel for schedule(static) num_threads(threadCount_) if (threadCount_ > 1)
    for (int y = 0; y < height; ++y) settleRow(y, fields);
    // Written back once every row has read the old bed.
#pragma omp parallel for schedule(static) num_threads(threadCount_) if (threadCount_ > 1)
    for (int y = 0; y < height; ++y)
        if (rowMoves(y)) std::copy_n(&newBed_[lattice_.index(0, y)], width, &fields.bed[lattice_.index(0, y)]);
    bookSum(tape_, ledger.slid, LedgerTape::Over::Rows, c.cellArea, rowSlid_); // rows in order
    bookSum(tape_, ledger.rounding, LedgerTape::Over::Rows, c.cellArea, rowRounding_);
}

void ThermalSlide::buildRows(const ErosionConstants& c)
{
    const auto width = static_cast<std::ptrdiff_t>(lattice_.width());
    for (int parity = 0; parity < 2; ++parity) {
        Row& row = rows_[slideSize(parity)];
        row.count = 0;
        const auto add = [&](CellOffset o, float drop) {
            const auto k = slideSize(row.count++);
            row.step[k] = o;
            row.cell[k] = o.dy * width + o.dx;
            row.restingDrop[k] = drop;
        };
        for (int f = 0; f < lattice_.familyCount(); ++f)
            for (const CellOffset o : {lattice_.family(f).tailOffset(parity), lattice_.family(f).headOffset(parity)}) add(o, c.restingDrop[slideSize(f)]);
        if (lattice_.kind() == LatticeKind::Square)
            for (const CellOffset o : {CellOffset{-1, -1}, CellOffset{1, -1}, CellOffset{-1, 1}, CellOffset{1, 1}}) add(o, c.diagonalRestingDrop);
    }
}

// After a slide, a cell can give only if its bed, or a neighbour's, moved in it: the rows within one
// of a moved row. A row left out kept its measure, which gave nothing (or it would have moved).
void ThermalSlide::markRowsToMeasure(bool again)
{
    const int height = lattice_.height();
    if (!again) return std::fill(rowToMeasure_.begin(), rowToMeasure_.end(), std::uint8_t{1});
    std::vector<std::uint8_t> moved(slideSize(height));
    for (int y = 0; y < height; ++y) moved[slideSize(y)] = rowMoves(y) ? 1 : 0;
    for (int y = 0; y < height; ++y)
        rowToMeasure_[slideSize(y)] = moved[slideSize(y)] || (y > 0 && moved[slideSize(y - 1)]) || (y < height - 1 && moved[slideSize(y + 1)]);
}

bool ThermalSlide::rowMoves(int y) const
{
    const int last = lattice_.height() - 1;
    return rowGives_[slideSize(y)] || (y > 0 && rowGives_[slideSize(y - 1)]) || (y < last && rowGives_[slideSize(y + 1)]);
}

bool ThermalSlide::measureGiving(int y, float share, const ErosionFields& fields)
{
    const Row& row = rows_[slideSize(y & 1)];
    const bool interiorRow = y > 0 && y < lattice_.height() - 1;
    bool anyGives = false;
    for (int x = 0; x < lattice_.width(); ++x) {
        const std::size_t cell = lattice_.index(x, y);
        const bool interior = interiorRow && x > 0 && x < lattice_.width() - 1;
        const float erodibility = fields.erodibility ? fields.erodibility[cell] : 1.0f;
        // Bedrock never rests "above" its angle: it does not slide (and never sends a share).
        const float firmness = fields.deposition[cell] > 0.0f ? 1.0f : (erodibility > 0.0f ? 1.0f / erodibility : 0.0f);
        firmness_[cell] = firmness;
        float steepest = 0.0f, total = 0.0f;
        for (int k = 0; k < row.count && firmness > 0.0f; ++k) {
            const auto n = slideSize(k);
            if (!interior && !lattice_.contains(x + row.step[n].dx, y + row.step[n].dy)) continue;
            const float excess = fields.bed[cell] - fields.bed[offsetBy(cell, row.cell[n])] - row.restingDrop[n] * firmness;
            if (excess <= 0.0f) continue;
            steepest = std::max(steepest, excess);
            total += excess;
        }
        const float wanted = share * 0.5f * steepest;
        const float given = wanted > 0.0f ? erodibleAmount(wanted, fields.deposition[cell], erodibility) : 0.0f;
        given_[cell] = given;
        perExcess_[cell] = given > 0.0f ? given / total : 0.0f;
        anyGives = anyGives || given > 0.0f;
    }
    return anyGives;
}

// Each cell's new bed: what it gave away, plus what every higher neighbour sent its way.
void ThermalSlide::settleRow(int y, const ErosionFields& fields)
{
    rowSlid_[slideSize(y)] = 0.0;
    rowRounding_[slideSize(y)] = 0.0;
    if (!rowMoves(y)) return;
    const Row& row = rows_[slideSize(y & 1)];
    const bool interiorRow = y > 0 && y < lattice_.height() - 1;
    double rounding = 0.0, slid = 0.0;
    for (int x = 0; x < lattice_.width(); ++x) {
        const std::size_t cell = lattice_.index(x, y);
        const bool interior = interiorRow && x > 0 && x < lattice_.width() - 1;
        const float own = fields.bed[cell];
        float received = 0.0f;
        for (int k = 0; k < row.count; ++k) {
            const auto n = slideSize(k);
            if (!interior && !lattice_.contains(x + row.step[n].dx, y + row.step[n].dy)) continue;
            const std::size_t neighbour = offsetBy(cell, row.cell[n]);
            if (perExcess_[neighbour] == 0.0f) continue;
            // The neighbour's own excess towards this cell, as it measured it (the same floats).
            const float excess = fields.bed[neighbour] - own - row.restingDrop[n] * firmness_[neighbour];
            if (excess > 0.0f) received += perExcess_[neighbour] * excess;
        }
        float updated = own, remainder = fields.bedRemainder[cell];
        if (received != 0.0f || given_[cell] != 0.0f) {
            const float change = changeBed(updated, remainder, received - given_[cell]);
            fields.bedRemainder[cell] = remainder;
            fields.deposition[cell] += change; // what a cell lost or gained by sliding is erosion too
            slid += static_cast<double>(given_[cell]);
            rounding += static_cast<double>(change);
        }
        newBed_[cell] = updated;
    }
    rowSlid_[slideSize(y)] = slid;
    rowRounding_[slideSize(y)] = rounding;
}

} // namespace rb
