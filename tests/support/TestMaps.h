#pragma once

#include "model/Map.h"

#include <cstdint>

namespace rb::test {

// Smooth random terrain: white noise box-blurred `passes` times, scaled to [0, amplitude] m.
FloatField roughTerrain(const Lattice& lattice, std::uint32_t seed, float amplitude, int passes = 2);

// Uniform random water depth in [0, maxDepth] m.
FloatField randomDepth(const Lattice& lattice, std::uint32_t seed, float maxDepth);

// Water so that the surface is max(bed, level).
void fillTo(MapState& state, float level);

// A map on the given lattice with walls all round, still water, and the given terrain.
Map basinMap(const Lattice& lattice, const FloatField& bed);

// Smallest depth on the map.
float minDepth(const MapState& state);

} // namespace rb::test
