#pragma once

#include "currents/CurrentsSolver.h"
#include "model/Map.h"

#include <vector>

namespace rb::test {

// A generated island (the island preset, radius 0.3 of the half map) of size × size cells.
Map generatedIsland(LatticeKind kind, int size);

// The generated island with `pad` more columns of its open sea west and east of it (copies of its
// west and east columns): a channel long enough for the current far upstream to be undisturbed.
Map paddedIsland(LatticeKind kind, int size, int pad);

// A flat sea `depth` deep with a round Gaussian hill rising 10 m above the sea at (centreX, the
// middle row's height): mirror-symmetric about the middle row (for the triangle lattice, with an
// odd number of rows, which keeps each row's parity under the mirror).
Map gaussianIsland(LatticeKind kind, int width, int height, double depth);

// A current of `speed` m/s flowing east: in through the west side, out through the east side.
CurrentsSettings eastwardCurrent(double speed);

// For every cell, the distance (m) to the nearest land cell; a large number without land.
std::vector<double> distanceToLand(const Lattice& lattice, const FloatField& depth, float wetDepth);

} // namespace rb::test
