#pragma once

#include "model/BoundarySegment.h"
#include "model/Field.h"
#include "lattice/Lattice.h"

#include <cstdint>
#include <vector>

namespace rb::gen {

// 1 for every cell whose bed lies below `level` and that water can reach from a border cell under a
// `sea` boundary segment without crossing ground at or above `level`; 0 elsewhere. Depressions
// inland stay 0: they hold no sea water. Single-threaded breadth-first fill, so deterministic.
std::vector<std::uint8_t> seaCells(const Lattice& lattice, const FloatField& bed,
                                   const std::vector<BoundarySegment>& boundary, float level);

// depth = level − bed on every sea cell (the still sea at its boundary's level); others untouched.
void fillSea(const std::vector<std::uint8_t>& sea, const FloatField& bed, float level, FloatField& depth);

} // namespace rb::gen
