#include "erosion/ThermalSlide.h"

#include "erosion/BedChange.h"
#include "erosion/LooseMaterial.h"

#include <algorithm>
#include <cstddef>
#include <utility>

namespace rb {
namespace {

std::size_t toSize(int i)
{
    return static_cast<std::size_t>(i);
}

} // namespace

ThermalSlide::ThermalSlide(const Lattice& lattice, int threadCount) : lattice_(lattice), threadCount_(std::max(1, threadCount))
{
    given_.resize(lattice_.cellCount());
    perExcess_.resize(lattice_.cellCount());
    newBed_.resize(lattice_.cellCount());
    rowSlid_.resize(toSize(lattice_.height()));
    rowRounding_.resize(toSize(lattice_.height()));
}

void ThermalSlide::slide(const ErosionConstants& c, std::vector<float>& bed, const ErosionFields& fields, SedimentLedger& ledger)
{
    if (c.thermalShare <= 0.0f) return;
    const int height = lattice_.height();
#pragma omp parallel for schedule(static) num_threads(threadCount_) if (threadCount_ > 1)
    for (int y = 0; y < height; ++y) measureGiving(c, y, bed.data(), fields);
#pragma omp parallel for schedule(static) num_threads(threadCount_) if (threadCount_ > 1)
    for (int y = 0; y < height; ++y) settleRow(c, y, bed.data(), fields);
    double rounding = 0.0, slid = 0.0;
    for (int y = 0; y < height; ++y) {
        rounding += rowRounding_[toSize(y)];
        slid += rowSlid_[toSize(y)];
    }
    std::swap(bed, newBed_);
    ledger.slid += slid * c.cellArea;
    ledger.rounding += rounding * c.cellArea;
}

void ThermalSlide::measureGiving(const ErosionConstants& c, int y, const float* bed, const ErosionFields& fields)
{
    for (int x = 0; x < lattice_.width(); ++x) {
        const std::size_t cell = lattice_.index(x, y);
        const float own = bed[cell];
        float steepest = 0.0f, total = 0.0f;
        for (int f = 0; f < lattice_.familyCount(); ++f) {
            const EdgeFamily& family = lattice_.family(f);
            for (const CellOffset o : {family.tailOffset(y), family.headOffset(y)}) {
                if (!lattice_.contains(x + o.dx, y + o.dy)) continue;
                const float excess = own - bed[lattice_.index(x + o.dx, y + o.dy)] - c.restingDrop[toSize(f)];
                if (excess <= 0.0f) continue;
                steepest = std::max(steepest, excess);
                total += excess;
            }
        }
        const float wanted = c.thermalShare * 0.5f * steepest;
        const float given = wanted > 0.0f ? erodibleAmount(wanted, fields.deposition[cell], fields.erodibility ? fields.erodibility[cell] : 1.0f) : 0.0f;
        given_[cell] = given;
        perExcess_[cell] = given > 0.0f ? given / total : 0.0f;
    }
}

// Each cell's new bed: what it gave away, plus what every higher neighbour sent its way.
void ThermalSlide::settleRow(const ErosionConstants& c, int y, const float* bed, const ErosionFields& fields)
{
    double rounding = 0.0, slid = 0.0;
    for (int x = 0; x < lattice_.width(); ++x) {
        const std::size_t cell = lattice_.index(x, y);
        const float own = bed[cell];
        float received = 0.0f;
        for (int f = 0; f < lattice_.familyCount(); ++f) {
            const EdgeFamily& family = lattice_.family(f);
            for (const CellOffset o : {family.tailOffset(y), family.headOffset(y)}) {
                if (!lattice_.contains(x + o.dx, y + o.dy)) continue;
                const std::size_t neighbour = lattice_.index(x + o.dx, y + o.dy);
                const float excess = bed[neighbour] - own - c.restingDrop[toSize(f)];
                if (excess > 0.0f) received += perExcess_[neighbour] * excess;
            }
        }
        float updated = own, remainder = fields.bedRemainder[cell];
        const float change = changeBed(updated, remainder, received - given_[cell]);
        newBed_[cell] = updated;
        fields.bedRemainder[cell] = remainder;
        fields.deposition[cell] += change; // what a cell lost or gained by sliding is erosion too
        slid += static_cast<double>(given_[cell]);
        rounding += static_cast<double>(change);
    }
    rowSlid_[toSize(y)] = slid;
    rowRounding_[toSize(y)] = rounding;
}

} // namespace rb
