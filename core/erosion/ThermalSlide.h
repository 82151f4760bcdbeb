#pragma once

#include "erosion/ErosionConstants.h"
#include "erosion/ErosionFields.h"
#include "lattice/Lattice.h"
#include "model/SedimentLedger.h"
#include "transport/LedgerTape.h"

#include <array>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace rb {

// Thermal erosion (docs/erosion.md, "Thermal erosion"): where the bed drops to a neighbour more
// steeply than the talus angle, loose material slides down. Each cell gives a share of half its
// steepest excess drop, split between its lower neighbours in proportion to their excess, so no
// slide can overturn a slope. Firmer ground stands steeper: a cell's resting slope is the talus
// slope over its erodibility (what the erosion deposited counts as loose). On the square lattice
// the diagonal neighbours take part too, so slopes relax alike in every direction instead of into
// pyramids with faces along the axes. Every cell's new bed is computed from the old one, so the
// result does not depend on the order of the cells; rows with no slide near them are left alone.
class ThermalSlide {
public:
    ThermalSlide(const Lattice& lattice, int threadCount);

    // One slide over every row; with `again`, a further slide right after the last one, which
    // looks only near the rows that moved in it (nowhere else can anything have changed).
    void slide(const ErosionConstants& c, const ErosionFields& fields, SedimentLedger& ledger, bool again = false);
    // Every later booking also goes on `tape` (null: none), for a distributed run.
    void setLedgerTape(LedgerTape* tape) { tape_ = tape; }

private:
    // The cells a slide reaches, for rows of either parity: the lattice's neighbours (and the
    // square lattice's diagonals), each with the drop at which loose material rests.
    struct Row {
        int count = 0;
        std::array<CellOffset, 8> step{};
        std::array<std::ptrdiff_t, 8> cell{};
        std::array<float, 8> restingDrop{};
    };
    void buildRows(const ErosionConstants& c);
    bool measureGiving(int y, float share, const ErosionFields& fields); // true if a cell of the row gives
    bool rowMoves(int y) const; // a cell of the row gives, or a neighbouring row's does
    void markRowsToMeasure(bool again);
    void settleRow(int y, const ErosionFields& fields);

    const Lattice& lattice_;
    std::array<Row, 2> rows_{};
    int threadCount_ = 1;
    std::vector<float> given_;     // m each cell gives
    std::vector<float> perExcess_; // given / the sum of its excess drops: a neighbour receives this × its excess
    std::vector<float> firmness_;  // 1 / erodibility: how much steeper than loose soil the cell rests
    std::vector<float> newBed_;
    std::vector<std::uint8_t> rowGives_, rowToMeasure_;
    std::vector<double> rowSlid_, rowRounding_;
    LedgerTape* tape_ = nullptr;
};

} // namespace rb
