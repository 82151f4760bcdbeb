#include "transport/CurrentDrift.h"

#include <algorithm>
#include <cmath>

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
    for (std::size_t i = 0; i < touched.size(); ++i)
        if (touched[i]) faceCells_.push_back(i);
}

void CurrentDrift::step(const float* depth, double dt, std::vector<std::vector<float>>& dyed, std::vector<DyeLedger>& ledgers)
{
    if (faces_.empty() || dyed.empty()) return;
    planSubsteps(depth, dt);
    for (std::size_t c = 0; c < dyed.size(); ++c) {
        for (int s = 0; s < substeps_; ++s) moveOnce(depth, dt / substeps_, dyed[c], ledgers[c]);
        keepWithinWater(depth, dyed[c], ledgers[c]);
    }
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
    chunkSources_.clear();
    for (std::size_t first = 0; first < openFaces_.size(); first += kChunkFaces) {
        std::size_t low = static_cast<std::size_t>(openFaces_[first].from), high = low;
        for (std::size_t k = first; k < std::min(openFaces_.size(), first + kChunkFaces); ++k) {
            low = std::min(low, static_cast<std::size_t>(openFaces_[k].from));
            high = std::max(high, static_cast<std::size_t>(openFaces_[k].from));
        }
        const auto position = [&](std::size_t cell) {
            return static_cast<std::size_t>(std::lower_bound(sources_.begin(), sources_.end(), cell) - sources_.begin());
        };
        chunkSources_.push_back({position(low), position(high)}); // every upwind cell is a source
    }
    plannedDt_ = dt;
}

// Substeps keep every cell's outflow within its water; a cell that would still give more (water
// far shallower than when the current was solved) gives a share of it.
void CurrentDrift::planSubsteps(const float* depth, double dt)
{
    if (wetCellsChanged(depth) || dt != plannedDt_) openFaces(depth, dt);
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
}

// Only the sources' concentrations are read. Undyed sources and their faces are skipped — whole
// chunks of faces at a time when no source in the chunk's range of cells holds dye (a released blob
// covers a small part of the sea): they would add exact zeros, so the result keeps its bits.
void CurrentDrift::moveOnce(const float* depth, double seconds, std::vector<float>& dyed, DyeLedger& ledger)
{
    const std::size_t cells = dyed.size();
    concentration_.resize(cells);
    dyedBefore_.resize(sources_.size() + 1);
    dyedBefore_[0] = 0;
    for (std::size_t s = 0; s < sources_.size(); ++s) {
        const std::size_t i = sources_[s];
        concentration_[i] = depth[i] > 0.0f && dyed[i] != 0.0f ? std::min(dyed[i] / depth[i], 1.0f) : 0.0f;
        dyedBefore_[s + 1] = dyedBefore_[s] + (concentration_[i] != 0.0f ? 1 : 0);
    }
    change_.assign(cells, 0.0);
    const double area = lattice_.cellArea();
    for (std::size_t chunk = 0; chunk < chunkSources_.size(); ++chunk) {
        const SourceRange& range = chunkSources_[chunk];
        if (dyedBefore_[range.last + 1] == dyedBefore_[range.first]) continue;
        const std::size_t end = std::min(openFaces_.size(), (chunk + 1) * kChunkFaces);
        for (std::size_t k = chunk * kChunkFaces; k < end; ++k) {
            const OpenFace& face = openFaces_[k];
            const auto source = static_cast<std::size_t>(face.from);
            if (concentration_[source] == 0.0f) continue;
            const double moved = face.flux * seconds * giveShare_[source] * concentration_[source] / area; // m of dyed depth
            change_[source] -= moved;
            if (face.to >= 0) change_[static_cast<std::size_t>(face.to)] += moved;
            else ledger.boundaryOut += moved * area;
        }
    }
    for (std::size_t i = 0; i < cells; ++i) dyed[i] = static_cast<float>(dyed[i] + change_[i]);
}

// Float rounding (and a flux that is divergence-free only to the solver's tolerance) may leave a
// cell a hair outside 0 ≤ d ≤ h: clamp and book it, as the water's transport does.
void CurrentDrift::keepWithinWater(const float* depth, std::vector<float>& dyed, DyeLedger& ledger) const
{
    double clipped = 0.0;
    for (std::size_t i = 0; i < dyed.size(); ++i) {
        const float kept = std::clamp(dyed[i], 0.0f, depth[i]);
        clipped += static_cast<double>(kept) - static_cast<double>(dyed[i]);
        dyed[i] = kept;
    }
    ledger.clipped += clipped * lattice_.cellArea();
}

} // namespace rb
