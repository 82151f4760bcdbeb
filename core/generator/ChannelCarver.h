#pragma once

#include "lattice/Lattice.h"
#include "model/Field.h"

#include <cstdint>
#include <vector>

namespace rb::gen {

// Cross-section of a carved channel, in metres.
struct ChannelShape {
    double halfWidth = 1.0; // from the centre line to the foot of the bank
    double bankWidth = 0.0; // horizontal width of each bank
    double depth = 1.0;     // centre line below the terrain it follows
};

// Carves a channel into `bed` along a path of neighbouring cells. The centre line's bed is
// `depth` below the terrain, made non-increasing from the path's first cell to its last (a
// running minimum: where the terrain rises the channel cuts deeper instead of climbing); across,
// the bottom is a shallow parabola out to halfWidth and banks rise to the terrain over bankWidth.
// Carving only lowers the bed. Returns 1 for every cell of the channel bottom (within halfWidth).
std::vector<std::uint8_t> carveChannel(const Lattice& lattice, FloatField& bed, const std::vector<CellCoord>& path,
                                       const ChannelShape& shape);

} // namespace rb::gen
