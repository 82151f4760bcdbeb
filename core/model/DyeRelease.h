#pragma once

#include "lattice/Lattice.h"
#include "model/MapState.h"

namespace rb {

// Dyes the water within `radius` metres of `centre` with one channel at concentration 1 (every
// cell there gets d = h), adding clean channels up to `channel` if the map has fewer. What it adds
// is booked in the channel's ledger as edited. Returns that volume (m³).
double releaseDye(MapState& state, int channel, WorldPoint centre, double radius);

// Makes sure `state` has at least `count` dye channels (new ones clean, with empty ledgers).
void addDyeChannels(MapState& state, int count);

} // namespace rb
