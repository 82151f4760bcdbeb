#pragma once

#include "lattice/Lattice.h"
#include "model/PointSource.h"
#include "model/SimParams.h"
#include "model/DyeLedger.h"
#include "transport/LedgerTape.h"

#include <array>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace rb {

// What one step of the water did, as the dye needs it: both flow models leave their step's
// discharges in the flow arrays and move the water as `moved = h + dt/S·Σ(in − out)`, then rain,
// evaporation and point sources (docs/solver.md, "One step").
struct WaterStepRecord {
    const float* depthBefore = nullptr; // h at the step's start, W×H
    const float* depthAfter = nullptr;  // h at its end
    std::array<const float*, Lattice::kMaxFamilies> flows{}; // m³/s, padded, stored at the head cell
};

// The step's numbers, computed as the water's step computes them (so the replayed depths agree).
struct DyeStepConstants {
    double dtSeconds = 0.0;
    double cellArea = 0.0;
    float dtOverArea = 0.0f;
    float rainDepth = 0.0f;        // rain·dt
    float evaporationDepth = 0.0f; // evaporation·dt
    float decayFactor = 1.0f;      // 2^(−dt / half-life); 1 without decay
    // What the load is: dye is water (evaporation takes it in proportion, and it never exceeds the
    // water); suspended sediment is not (evaporation leaves it behind, and the water may carry any
    // amount: the erosion settles what it cannot hold).
    bool weatherTakesLoad = true;
    bool boundByWater = true;

    // halfLife in seconds; 0 or less: no decay.
    static DyeStepConstants from(const SimParams& params, const Lattice& lattice, double halfLife);
};

// A boundary edge as the dye sees it: water entering through it carries `concentration`.
struct DyeBoundaryEdge {
    int family = 0;
    std::uint32_t flowIndex = 0; // into the family's padded flow array
    std::uint32_t cell = 0;      // the interior cell
    float inward = 1.0f;         // +1 when a positive family flow enters the map
    std::array<float, 4> concentration{};
};

// A spring brings water of one dye channel (concentration 1), or clean water (channel −1); a drain
// takes the cell's water as it is.
struct DyeSource {
    std::uint32_t cell = 0;
    PointSource::Kind kind = PointSource::Kind::Spring;
    double rate = 0.0;     // m³/s
    bool drainAll = false; // a drain that takes everything reaching its cell
    int channel = -1;
    float concentration = 1.0f; // of the channel in the spring's water
};

// Dye as tagged water (docs/solver.md, "Dye"): a channel's state is its dyed depth d (m of water
// carrying the dye, 0 ≤ d ≤ h), its concentration c = d/h. One step carries d with the water:
//   1. advection: every edge moves its water's volume times the upwind cell's concentration
//      (conservative, and bounded because no cell gives more water than it holds); water entering
//      through the boundary brings its edge's concentration;
//   2. rain dilutes (it brings clean water), evaporation takes dyed water in proportion (the
//      boundary's inflow included, as the water's step counts it before its weather);
//   3. springs bring their channel's dye, drains take the cell's water as it is;
//   4. decay by the half-life.
// Every change is booked in the channel's ledger as what it did to the float values.
class DyeTransport {
public:
    DyeTransport(const Lattice& lattice, std::vector<DyeBoundaryEdge> edges, std::vector<DyeSource> sources, int threadCount = 1);

    // Advances every channel of `dyed` (each W×H) over the step `water` describes.
    void step(const WaterStepRecord& water, const DyeStepConstants& constants, std::vector<std::vector<float>>& dyed,
              std::vector<DyeLedger>& ledgers);
    // Every later booking also goes on `tape` (null: none), for a distributed run.
    void setLedgerTape(LedgerTape* tape) { tape_ = tape; }

private:
    void replayWater(const WaterStepRecord& water, const DyeStepConstants& c);
    void computeConcentrations(const float* depth, const std::vector<float>& dyed);
    void advectAndEvaporate(const WaterStepRecord& water, const DyeStepConstants& c, std::vector<float>& dyed);
    // Where a cell's neighbours lie, as index offsets, for rows of one parity: inside the map every
    // neighbour exists, so the interior needs no bounds checks.
    struct NeighbourOffsets {
        std::array<std::ptrdiff_t, Lattice::kMaxFamilies> tailCell{}, headCell{}, headPadded{};
    };
    NeighbourOffsets neighbourOffsets(int row) const;
    float upwindFlux(const WaterStepRecord& water, int x, int y, float own) const;
    float interiorUpwindFlux(const WaterStepRecord& water, const NeighbourOffsets& at, std::size_t cell, std::size_t padded, float own) const;
    void advectRow(const WaterStepRecord& water, const DyeStepConstants& c, int y, std::vector<float>& dyed);
    void crossBoundary(const WaterStepRecord& water, const DyeStepConstants& c, int channel, std::vector<float>& dyed,
                       DyeLedger& ledger) const;
    float keptOfArrival(const DyeStepConstants& c, std::uint32_t cell, float arrived) const;
    void applySources(const DyeStepConstants& c, int channel, std::vector<float>& dyed, DyeLedger& ledger) const;
    void decayAndKeepWithinWater(const WaterStepRecord& water, const DyeStepConstants& c, std::vector<float>& dyed, DyeLedger& ledger);

    const Lattice& lattice_;
    std::vector<DyeBoundaryEdge> edges_;
    std::vector<DyeSource> sources_;
    int threadCount_ = 1;
    std::vector<float> concentration_; // of the channel in hand, at the step's start
    std::vector<float> keptByWeather_; // the share of a cell's water left after evaporation (replayed)
    std::vector<float> replayedDepth_; // the water's depths as the replay computes them
    std::vector<float> sourceBefore_, sourceAfter_; // the water's depth at each source before and after it acts
    std::vector<double> rowEvaporated_, rowClipped_, rowDecayed_;
    LedgerTape* tape_ = nullptr;
};

} // namespace rb
