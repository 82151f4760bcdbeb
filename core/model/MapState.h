#pragma once

#include "lattice/Lattice.h"
#include "model/DyeLedger.h"
#include "model/Field.h"
#include "model/MeanFlow.h"
#include "model/SedimentLedger.h"

#include <cstdint>
#include <string>
#include <vector>

namespace rb {

// Running totals since time 0, in double so long runs stay exact enough for accounting.
struct VolumeLedger {
    double boundaryIn = 0.0;  // m³ that entered through boundary edges
    double boundaryOut = 0.0; // m³ that left through boundary edges
    double springs = 0.0;
    double drains = 0.0;
    double rain = 0.0;
    double evaporation = 0.0;
    // m³ added (+) or removed (−) by region edits of the depth (the editor's water brushes). Counted
    // in neither inflow() nor outflow(): volume = initial + inflow − outflow + edited.
    double edited = 0.0;

    double inflow() const { return boundaryIn + springs + rain; }
    VolumeLedger& operator+=(const VolumeLedger& other)
    {
        boundaryIn += other.boundaryIn;
        boundaryOut += other.boundaryOut;
        springs += other.springs;
        drains += other.drains;
        rain += other.rain;
        evaporation += other.evaporation;
        edited += other.edited;
        return *this;
    }
    double outflow() const { return boundaryOut + drains + evaporation; }
    bool operator==(const VolumeLedger&) const = default;
};

// The simulated fields: everything needed to continue a run exactly.
struct MapState {
    Lattice lattice;
    FloatField bed;                // terrain elevation b (m), W×H
    FloatField depth;              // water depth h (m), W×H
    std::vector<FloatField> flows; // one per edge family, (W+2)×(H+2), stored at the edge's head cell
    // The momentum model's face velocities (m/s along the family's direction, tail to head), laid
    // out like the flows; empty for the pipes model (and for water starting from rest).
    std::vector<FloatField> velocities;
    // Dye (docs/solver.md, "Dye"): per channel, the dyed depth d (m of water carrying the dye,
    // 0 ≤ d ≤ depth; concentration d/h), W×H, and its ledger. Empty: no dye.
    std::vector<FloatField> dye;
    std::vector<DyeLedger> dyeLedgers;
    // The steady sea current (riverbed-cli currents; docs/solver.md, "Currents"): empty, or two W×H
    // fields, east and south components in m/s, for export and display, and the faces' volume
    // fluxes (m³/s, one per edge family, laid out like the flows; empty in maps stored before
    // them), which carry the dye (transport/CurrentDrift). The water's own step reads neither.
    std::vector<FloatField> currents;
    std::vector<FloatField> currentFlows;
    // Erosion (docs/erosion.md); each W×H, each empty when the map has none of it.
    FloatField erodibility; // 0 = bedrock … 1 = loose soil; empty: loose soil everywhere
    FloatField sediment;    // suspended load s (m of bed material over the cell), carried with the water
    FloatField deposition;  // net bed change by erosion since the map's start (m; + deposited, − eroded)
    // What the bed's float could not hold of the erosion's changes (m, a fraction of the bed's
    // last bit): the erosion adds it to the next change, so tiny changes are never lost and the
    // material is conserved to the float's precision instead of drifting by one rounding a step.
    FloatField bedRemainder;
    SedimentLedger sedimentLedger;
    // The time-mean flow (`simulate --mean-from`; model/MeanFlow.h): empty when none was recorded.
    MeanFlow meanFlow;
    double time = 0.0;             // s
    std::int64_t steps = 0;
    VolumeLedger ledger;

    MapState() = default;
    explicit MapState(const Lattice& lattice); // flat bed at 0, dry, still

    double volume() const; // m³ of water on the map (double accumulation)
    double dyeVolume(int channel) const; // m³ of dyed water of one channel
    double sedimentVolume() const;       // m³ of suspended sediment
    // The erosion has run on this map (a load, a net change or books); an erodibility alone is not enough.
    bool hasEroded() const { return !sediment.empty() || !deposition.empty() || !bedRemainder.empty() || sedimentLedger != SedimentLedger{}; }
    bool hasErosionState() const { return !erodibility.empty() || !sediment.empty() || !deposition.empty() || !bedRemainder.empty() || sedimentLedger != SedimentLedger{}; }
    // Empty when the dimensions agree with the lattice and every value lies in its range
    // (ValueRanges.h): bed, depth ≥ 0, flows, 0 ≤ dye ≤ depth, time, step counter, ledgers; else
    // the first problem.
    std::string validate() const;
    bool operator==(const MapState&) const = default;
};

// Empty when every ledger total lies in ±ranges::kMaxLedger, else a message naming the total.
std::string checkLedger(const VolumeLedger& ledger);

// Empty when 0 ≤ steps ≤ ranges::kMaxSteps, else a message naming the step counter.
std::string checkStepCounter(std::int64_t steps);

} // namespace rb
