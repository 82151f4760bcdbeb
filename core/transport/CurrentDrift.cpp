#include "transport/CurrentDrift.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>

namespace rb {

CurrentDrift::CurrentDrift(const Lattice& lattice, const std::vector<FloatField>& flows) : lattice_(lattice)
{
    collectFaces(flows);
}

// Every face with a flux, heads over the padded range (a face through an open side has its head
// or its tail in the ghost ring).
void CurrentDrift::collectFaces(const std::vector<FloatField>& flows)
{
    const auto cellAt = [&](int x, int y) -> std::int64_t {
        return lattice_.contains(x, y) ? static_cast<std::int64_t>(lattice_.index(x, y)) : -1;
    };
    for (int f = 0; f < std::min(lattice_.familyCount(), static_cast<int>(flows.size())); ++f) {
        const EdgeFamily& family = lattice_.family(f);
        for (int y = -1; y <= lattice_.height(); ++y)
            for (int x = -1; x <= lattice_.width(); ++x) {
                const float flux = flows[static_cast<std::size_t>(f)][lattice_.paddedIndex(x, y)];
                if (flux == 0.0f) continue;
                const CellOffset t = family.tailOffset(y);
                const Face face{cellAt(x + t.dx, y + t.dy), cellAt(x, y), flux};
                if (face.tail >= 0 || face.head >= 0) faces_.push_back(face);
            }
    }
    std::vector<char> touched(lattice_.cellCount(), 0);
    for (const Face& face : faces_)
        for (const std::int64_t cell : {face.tail, face.head})
            if (cell >= 0) touched[static_cast<std::size_t>(cell)] = 1;
    for (std::size_t i = 0; i < touched.size(); ++i) {
        if (!touched[i]) continue;
        if (runs_.empty() || runs_.back().firstCell + runs_.back().length != i) runs_.push_back({i, faceCells_.size(), 0});
        ++runs_.back().length;
        faceCells_.push_back(i);
    }
}

void CurrentDrift::step(const float* depth, double dt, std::vector<std::vector<float>>& dyed, std::vector<DyeLedger>& ledgers)
{
    if (faces_.empty() || dyed.empty()) return;
    planSubsteps(depth, dt);
    for (std::size_t c = 0; c < dyed.size(); ++c) carry(depth, dt, dyed[c], ledgers[c]);
}

// Whether any cell of a face became wet or dry since openFaces() last ran (always on the first
// call). Only the current's cells count: rain and rivers wet and dry cells of the land every step.
bool CurrentDrift::wetCellsChanged(const float* depth)
{
    bool changed = wetCells_.size() != faceCells_.size();
    wetCells_.resize(faceCells_.size());
    for (std::size_t k = 0; k < faceCells_.size(); ++k) {
        const char wetNow = depth[faceCells_[k]] > kWetDepth ? 1 : 0;
        changed |= wetNow != wetCells_[k];
        wetCells_[k] = wetNow;
    }
    return changed;
}

// A face carries the current only where its cells hold water now (the map's water may have
// drained since the current was solved); the upwind cell's outflow over a step sums its open faces.
void CurrentDrift::openFaces(const float* depth, double dt)
{
    std::vector<double>& outflow = outflow_;
    outflow.assign(lattice_.cellCount(), 0.0);
    openFaces_.clear();
    for (const Face& face : faces_) {
        if (!wet(depth, face.tail) || !wet(depth, face.head)) continue;
        const bool forward = face.flux > 0.0;
        const std::int64_t upwind = forward ? face.tail : face.head, downwind = forward ? face.head : face.tail;
        if (upwind < 0) continue; // clean water from beyond the open side: moves no dye
        outflow[static_cast<std::size_t>(upwind)] += std::abs(face.flux) * dt;
        openFaces_.push_back({static_cast<std::int32_t>(upwind), static_cast<std::int32_t>(downwind), std::abs(face.flux)});
    }
    sources_.clear();
    for (std::size_t i = 0; i < outflow.size(); ++i)
        if (outflow[i] > 0.0) sources_.push_back(i);
    indexCellFaces();
    plannedDt_ = dt;
    setSteadyBounds();
}

// Each cell's open faces in the faces' order, the faces out through an open side, and how far
// apart a face's cells lie (the reach of one substep).
void CurrentDrift::indexCellFaces()
{
    const std::size_t cells = lattice_.cellCount();
    cellStart_.assign(cells + 1, 0);
    sideFaces_.clear();
    reach_ = 1;
    const auto width = static_cast<std::int32_t>(lattice_.width());
    for (std::size_t k = 0; k < openFaces_.size(); ++k) {
        const OpenFace& face = openFaces_[k];
        ++cellStart_[static_cast<std::size_t>(face.from) + 1];
        if (face.to < 0) {
            sideFaces_.push_back(k);
            continue;
        }
        ++cellStart_[static_cast<std::size_t>(face.to) + 1];
        reach_ = std::max({reach_, std::abs(face.from / width - face.to / width), std::abs(face.from % width - face.to % width)});
    }
    for (std::size_t i = 0; i < cells; ++i) cellStart_[i + 1] += cellStart_[i];
    cellFaces_.resize(cellStart_[cells]);
    std::vector<std::uint32_t> next(cellStart_.begin(), cellStart_.end() - 1);
    for (const OpenFace& face : openFaces_) {
        const CellFace seen{face.from, static_cast<float>(face.flux)}; // exact: the flux was a float
        cellFaces_[next[static_cast<std::size_t>(face.from)]++] = seen;
        if (face.to >= 0) cellFaces_[next[static_cast<std::size_t>(face.to)]++] = seen;
    }
}

// The depths at which the plan's steady case holds: a wet cell stays wet and, if a source, holds a
// hair more than its outflow (so that outflow ≤ water exactly: one substep and a share of 1, as
// countSubsteps would find); a dry cell stays dry.
void CurrentDrift::setSteadyBounds()
{
    constexpr float kInfinity = std::numeric_limits<float>::infinity();
    const float wetAbove = std::nextafter(kWetDepth, kInfinity);
    steadyBound_.assign(faceCells_.size(), -kInfinity);
    dryCells_.clear();
    for (std::size_t k = 0; k < faceCells_.size(); ++k) {
        const std::size_t cell = faceCells_[k];
        if (!wetCells_[k]) {
            dryCells_.push_back(cell);
            continue;
        }
        float bound = wetAbove;
        if (outflow_[cell] > 0.0)
            bound = std::max(bound, std::nextafter(static_cast<float>(outflow_[cell] / lattice_.cellArea() * (1.0 + 1e-6)), kInfinity));
        steadyBound_[k] = bound;
    }
}

// One branch-free pass over the current's cells (it vectorises): whether the last plan, one
// substep and no shares still hold for these depths and dt.
bool CurrentDrift::planStillHolds(const float* depth, double dt) const
{
    if (dt != plannedDt_) return false;
    for (const CellRun& run : runs_) {
        const float* h = depth + run.firstCell;
        const float* bound = steadyBound_.data() + run.position;
        unsigned below = 0;
        for (std::size_t j = 0; j < run.length; ++j) below |= static_cast<unsigned>(!(h[j] >= bound[j]));
        if (below != 0) return false;
    }
    for (const std::size_t cell : dryCells_)
        if (depth[cell] > kWetDepth) return false;
    return true;
}

void CurrentDrift::planSubsteps(const float* depth, double dt)
{
    if (planStillHolds(depth, dt)) {
        substeps_ = 1;
        if (!sharesAllOne_)
            for (const std::size_t i : sources_) giveShare_[i] = 1.0f;
        sharesAllOne_ = true;
        return;
    }
    if (wetCellsChanged(depth) || dt != plannedDt_) openFaces(depth, dt);
    countSubsteps(depth);
}

// Substeps keep every cell's outflow within its water; a cell that would still give more (water
// far shallower than when the current was solved) gives a share of it.
void CurrentDrift::countSubsteps(const float* depth)
{
    const std::vector<double>& outflow = outflow_;
    // Divisions only where the product test (a hair generous, for its rounding) says the quotient
    // may exceed the bound: the same worst ratio and shares as dividing at every source.
    constexpr double kGenerous = 1.0 - 1e-9;
    double worst = 0.0;
    for (const std::size_t i : sources_) {
        const double water = static_cast<double>(depth[i]) * lattice_.cellArea();
        if (outflow[i] >= worst * water * kGenerous) worst = std::max(worst, outflow[i] / water);
    }
    substeps_ = std::clamp(static_cast<int>(std::ceil(worst)), 1, kMaxSubsteps);
    giveShare_.resize(outflow.size()); // read at sources only (the upwind cells of the open faces)
    for (const std::size_t i : sources_) {
        const double water = static_cast<double>(depth[i]) * lattice_.cellArea();
        giveShare_[i] = 1.0f;
        if (!(outflow[i] >= substeps_ * water * kGenerous)) continue;
        const double perSubstep = outflow[i] / substeps_;
        if (perSubstep > water) giveShare_[i] = static_cast<float>(water / perSubstep);
    }
    sharesAllOne_ = false;
}

// One channel over the step, touching only the rows and columns that hold dye or can receive it:
// moving face by face over every cell added an exact 0 to the cells the dye cannot reach, which
// changed nothing but −0 into +0 (scanDye does that, and the start of each later substep for the
// cells the substep before left at −0).
void CurrentDrift::carry(const float* depth, double dt, std::vector<float>& dyed, DyeLedger& ledger)
{
    const bool anyDye = scanDye(dyed);
    for (int s = 0; anyDye && s < substeps_; ++s) {
        if (s > 0) {
            for (const std::size_t cell : negativeZeros_) dyed[cell] = 0.0f;
            negativeZeros_.clear();
            dyedColumns_ = movedColumns_; // the dye reaches no further than the last substep moved it
        }
        widenRanges();
        takeConcentrations(depth, dyed, true);
        moveOnce(dt / substeps_, dyed, ledger);
        takeConcentrations(depth, dyed, false);
    }
    negativeZeros_.clear();
    keepWithinWater(depth, dyed, ledger);
}

bool CurrentDrift::scanDye(std::vector<float>& dyed)
{
    const auto rows = static_cast<std::size_t>(lattice_.height());
    dyedColumns_.assign(rows, {});
    movedColumns_.assign(rows, {});
    concentration_.resize(dyed.size(), 0.0f);
    bool any = false;
    for (int y = 0; y < lattice_.height(); ++y) {
        scanRow(y, dyed.data());
        any |= !dyedColumns_[static_cast<std::size_t>(y)].empty();
    }
    return any;
}

// One row before the drift: between which columns it holds dye (NaN counts), and −0 made +0. The
// sums over the row are branch-free, so they vectorise.
void CurrentDrift::scanRow(int y, float* dyed)
{
    const int width = lattice_.width();
    float* row = dyed + lattice_.index(0, y);
    std::uint32_t magnitude = 0, sign = 0;
    for (int x = 0; x < width; ++x) {
        const float d = row[x];
        std::uint32_t bits = 0;
        std::memcpy(&bits, &d, sizeof bits);
        magnitude |= bits & 0x7fffffffu;
        sign |= bits;
    }
    if ((sign & 0x80000000u) != 0)
        for (int x = 0; x < width; ++x)
            if (row[x] == 0.0f) row[x] = 0.0f;
    if (magnitude == 0) return;
    int first = 0, last = width - 1;
    while (row[first] == 0.0f) ++first;
    while (row[last] == 0.0f) --last;
    dyedColumns_[static_cast<std::size_t>(y)] = {first, last};
}

// The cells this substep may change: within reach_ rows and columns of a cell that may hold dye.
void CurrentDrift::widenRanges()
{
    const int height = lattice_.height(), width = lattice_.width();
    movedColumns_.assign(static_cast<std::size_t>(height), {});
    for (int y = 0; y < height; ++y) {
        const ColumnRange dyed = dyedColumns_[static_cast<std::size_t>(y)];
        if (dyed.empty()) continue;
        const ColumnRange wide{std::max(0, dyed.first - reach_), std::min(width - 1, dyed.last + reach_)};
        for (int row = std::max(0, y - reach_); row <= std::min(height - 1, y + reach_); ++row) {
            ColumnRange& moved = movedColumns_[static_cast<std::size_t>(row)];
            moved = moved.empty() ? wide : ColumnRange{std::min(moved.first, wide.first), std::max(moved.last, wide.last)};
        }
    }
}

// The substep's concentrations where dye may be (keep), or back to 0 there afterwards.
void CurrentDrift::takeConcentrations(const float* depth, const std::vector<float>& dyed, bool keep)
{
    for (int y = 0; y < lattice_.height(); ++y) {
        const ColumnRange columns = dyedColumns_[static_cast<std::size_t>(y)];
        for (int x = columns.first; x <= columns.last; ++x) {
            const std::size_t i = lattice_.index(x, y);
            concentration_[i] = keep && depth[i] > 0.0f && dyed[i] != 0.0f ? std::min(dyed[i] / depth[i], 1.0f) : 0.0f;
        }
    }
}

double CurrentDrift::movedFrom(std::int32_t source, double flux, double seconds) const
{
    const auto i = static_cast<std::size_t>(source);
    return flux * seconds * giveShare_[i] * concentration_[i] / lattice_.cellArea(); // m of dyed depth
}

// What the cell's open faces move in and out, summed in the faces' order as moving face by face
// summed it; false when no face of a dyed source touches the cell (its dye stays as it is).
bool CurrentDrift::cellChange(std::size_t cell, double seconds, double& change) const
{
    change = 0.0;
    bool moved = false;
    for (std::uint32_t k = cellStart_[cell]; k < cellStart_[cell + 1]; ++k) {
        const CellFace& face = cellFaces_[k];
        if (concentration_[static_cast<std::size_t>(face.from)] == 0.0f) continue;
        const double amount = movedFrom(face.from, face.flux, seconds);
        if (static_cast<std::size_t>(face.from) == cell) change -= amount;
        else change += amount;
        moved = true;
    }
    return moved;
}

// One substep: the dye out through the open sides booked in the faces' order, then each cell that
// may change gathers its faces (concentrations from the substep's start).
void CurrentDrift::moveOnce(double seconds, std::vector<float>& dyed, DyeLedger& ledger)
{
    for (const std::size_t k : sideFaces_) {
        const OpenFace& face = openFaces_[k];
        if (concentration_[static_cast<std::size_t>(face.from)] == 0.0f) continue;
        ledger.boundaryOut += movedFrom(face.from, face.flux, seconds) * lattice_.cellArea();
    }
    for (int y = 0; y < lattice_.height(); ++y) {
        const ColumnRange columns = movedColumns_[static_cast<std::size_t>(y)];
        for (int x = columns.first; x <= columns.last; ++x) {
            const std::size_t cell = lattice_.index(x, y);
            double change = 0.0;
            if (!cellChange(cell, seconds, change)) continue;
            const auto updated = static_cast<float>(dyed[cell] + change);
            dyed[cell] = updated;
            if (updated == 0.0f && std::signbit(updated)) negativeZeros_.push_back(cell);
        }
    }
}

// Float rounding (and a flux that is divergence-free only to the solver's tolerance) may leave a
// cell a hair outside 0 ≤ d ≤ h: clamp and book it, as the water's transport does. Only the rows
// the drift may have changed, which include every row that held dye: elsewhere every cell holds
// +0 (scanDye), which the clamp keeps (depths are not negative), its term an exact +0.
void CurrentDrift::keepWithinWater(const float* depth, std::vector<float>& dyed, DyeLedger& ledger) const
{
    double clipped = 0.0;
    for (int y = 0; y < lattice_.height(); ++y) {
        if (movedColumns_[static_cast<std::size_t>(y)].empty()) continue;
        for (std::size_t i = lattice_.index(0, y); i < lattice_.index(0, y) + static_cast<std::size_t>(lattice_.width()); ++i) {
            const float kept = std::clamp(dyed[i], 0.0f, depth[i]);
            clipped += static_cast<double>(kept) - static_cast<double>(dyed[i]);
            dyed[i] = kept;
        }
    }
    ledger.clipped += clipped * lattice_.cellArea();
}

} // namespace rb
