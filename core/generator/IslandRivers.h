#pragma once

#include "generator/ChannelCarver.h"
#include "lattice/Lattice.h"
#include "model/Field.h"

#include <cstdint>
#include <vector>

namespace rb::gen {

// Where water would drain on a terrain (priority flood from the sea, Barnes et al. 2014): every
// land cell drains to the neighbour it was reached from, the lowest way out of any depression, so
// every land cell drains to the sea; its accumulation is the number of land cells draining through
// it (itself included). Neighbours: 8 on the square lattice, 6 on the triangular one.
// Deterministic: equal heights are taken in the order they were reached.
class Drainage {
public:
    Drainage(const Lattice& lattice, const FloatField& bed, const std::vector<std::uint8_t>& sea);

    std::int64_t downstream(std::size_t cell) const { return downstream_[cell]; } // −1: sea (or unreached)
    std::int32_t accumulation(std::size_t cell) const { return accumulation_[cell]; } // 0 on the sea
    bool isSea(std::size_t cell) const { return sea_[cell] != 0; }
    // Land cells draining straight into the sea, by accumulation (largest first; ties by index).
    std::vector<std::size_t> mouths() const;
    // The upstream neighbour with the largest accumulation, −1 at a headwater.
    std::int64_t mainTributary(std::size_t cell) const;

private:
    void flood(const FloatField& bed);
    void accumulate();

    const Lattice& lattice_;
    std::vector<std::uint8_t> sea_;
    std::vector<std::int64_t> downstream_;
    std::vector<std::int32_t> accumulation_;
    std::vector<std::size_t> order_; // land cells in the order the flood reached them
    std::vector<std::vector<std::int64_t>> upstream_;
};

// What makes a coastal river worth carving.
struct RiverChoice {
    int count = 3;               // at most this many rivers
    double headShare = 0.04;     // a river starts where its main stem drains this share of its mouth's basin
    int minLength = 8;           // cells from head to mouth
    double minSeparation = 0.08; // between two mouths, fraction of the map's longer side
    double minHeadHeight = 0.0;  // m: the head's bed at least this high (the sea level plus the channel's depth)
};

// The rivers of the largest drainage basins: each the main stem of its basin from the headwater
// (where the stem still drains headShare of the basin) to the first sea cell, head first.
std::vector<std::vector<CellCoord>> chooseRivers(const Lattice& lattice, const FloatField& bed, const Drainage& drainage,
                                                 const RiverChoice& choice);

// Lowers the bed along each centre line where it rises downstream: after several rivers were
// carved, one's banks may have lowered a cell upstream on another's centre line.
void keepRiversDownhill(const std::vector<std::vector<CellCoord>>& rivers, FloatField& bed);

} // namespace rb::gen
