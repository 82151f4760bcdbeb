#pragma once

#include "model/Map.h"

#include <cstdint>
#include <vector>

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

// A lattice of 1 m cells, `width` × `height` on the square lattice; on the triangle lattice as many
// rows as cover the same world extent (its rows are √3/2 m apart).
Lattice latticeOfExtent(LatticeKind kind, int width, int height);

// Σ values · cell area: the volume of a per-cell depth (water, dye, load), m³.
double volumeOf(const Lattice& lattice, const std::vector<float>& perCell);

} // namespace rb::test
