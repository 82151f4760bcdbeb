#pragma once

#include "model/Map.h"

#include <string>

namespace rb {

// What a distributed run (more than one rank) does not step yet, each refused with its reason
// rather than run with an answer that would differ from one process's: empty when `map` can run.
// Rain and evaporation in the pipes model on maps wider than one tile (their books add each
// tile's part of a row apart; the bands keep whole rows in one tile), dye and erosion
// (their carriers are not cut into bands yet), and on the triangle lattice the momentum model's
// inflows on the east or west side (their discharge is shared by how squarely each edge crosses
// the side, a sum over the whole segment).
std::string distributedRefusal(const Map& map);

} // namespace rb
