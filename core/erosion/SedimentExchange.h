#pragma once

#include "erosion/CellNeighbours.h"
#include "erosion/ErosionConstants.h"
#include "erosion/ErosionFields.h"
#include "lattice/Lattice.h"
#include "model/SedimentLedger.h"
#include "transport/LedgerTape.h"

#include <array>
#include <vector>

namespace rb {

// Hydraulic erosion's exchange between the bed and the water's load (docs/erosion.md): each cell's
// water can carry C = capacity · h · |v| · S; below it the bed gives, above it the load settles,
// each at its rate (the bed's fall flattening its own slope as it gives, so it never digs below the
// neighbour it drains to); water shallower than the minimum depth lets its whole load settle. What the
// bed gives the load receives in the same float amount, and the rounding is booked.
class SedimentExchange {
public:
    SedimentExchange(const Lattice& lattice, int threadCount);

    // `depth` and `flows` (padded, per family) are the water after its step.
    void exchange(const ErosionConstants& c, const float* depth, const std::array<const float*, Lattice::kMaxFamilies>& flows,
                  const ErosionFields& fields, SedimentLedger& ledger);

    // Every later booking also goes on `tape` (null: none), for a distributed run.
    void setLedgerTape(LedgerTape* tape) { tape_ = tape; }

    // One cell's capacity (m of bed material), for tests and readouts.
    float capacityAt(const ErosionConstants& c, int x, int y, const float* depth, const std::array<const float*, Lattice::kMaxFamilies>& flows,
                     const float* bed) const;

private:
    struct Measure {
        float capacity = 0.0f; // K·h·|v|·min(S, 1)
        float carry = 0.0f;    // K·h·|v|: the capacity at the slope of 1 (0 in water too shallow)
        float slope = 0.0f;    // S, not capped at 1
    };
    Measure measureAt(const ErosionConstants& c, int x, int y, const float* depth, const std::array<const float*, Lattice::kMaxFamilies>& flows,
                      const float* bed) const;
    static float erosionWanted(const ErosionConstants& c, float gap, float carry, float slope);
    float speedAt(const ErosionConstants& c, int x, int y, float depth, const std::array<const float*, Lattice::kMaxFamilies>& flows) const;
    float downhillSlopeAt(const ErosionConstants& c, int x, int y, const float* bed) const;
    void capacityRow(const ErosionConstants& c, int y, const float* depth, const std::array<const float*, Lattice::kMaxFamilies>& flows, const float* bed);
    template <int Families>
    void interiorCapacities(const ErosionConstants& c, int y, const float* depth, const std::array<const float*, Lattice::kMaxFamilies>& flows,
                            const float* bed);
    void exchangeRow(const ErosionConstants& c, int y, const float* depth, const ErosionFields& fields);

    const Lattice& lattice_;
    CellNeighbours neighbours_;
    int threadCount_ = 1;
    std::vector<float> capacity_, carry_, slope_;
    std::vector<double> rowEroded_, rowDeposited_, rowRounding_;
    LedgerTape* tape_ = nullptr;
};

} // namespace rb
