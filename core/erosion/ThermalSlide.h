#pragma once

#include "erosion/CellNeighbours.h"
#include "erosion/ErosionConstants.h"
#include "erosion/ErosionFields.h"
#include "lattice/Lattice.h"
#include "model/SedimentLedger.h"

#include <cstdint>
#include <vector>

namespace rb {

// Thermal erosion (docs/erosion.md, "Thermal erosion"): where the bed drops to a neighbour more
// steeply than the talus angle, loose material slides down. Each cell gives a share of half its
// steepest excess drop, split between its lower neighbours in proportion to their excess, so no
// slide can overturn a slope. Every cell's new bed is computed from the old one, so the result
// does not depend on the order of the cells; rows with no slide near them are left alone.
class ThermalSlide {
public:
    ThermalSlide(const Lattice& lattice, int threadCount);

    void slide(const ErosionConstants& c, const ErosionFields& fields, SedimentLedger& ledger);

private:
    bool measureGiving(const ErosionConstants& c, int y, const ErosionFields& fields); // true if a cell of the row gives
    bool rowMoves(int y) const; // a cell of the row gives, or a neighbouring row's does
    void settleRow(const ErosionConstants& c, int y, const ErosionFields& fields);

    const Lattice& lattice_;
    CellNeighbours neighbours_;
    int threadCount_ = 1;
    std::vector<float> given_;     // m each cell gives
    std::vector<float> perExcess_; // given / the sum of its excess drops: a neighbour receives this × its excess
    std::vector<float> newBed_;
    std::vector<std::uint8_t> rowGives_;
    std::vector<double> rowSlid_, rowRounding_;
};

} // namespace rb
