#pragma once

#include "currents/CurrentField.h"

#include <optional>
#include <vector>

namespace rb {

// Interpolates a per-wet-cell velocity at any world point, for the semi-Lagrangian backtrace.
// Square lattice: bilinear over the four surrounding cells; triangle lattice: tent weights
// max(0, 1 − d/dx) over the nearest vertex and its six neighbours. Land cells take no part (the
// weights of the wet ones are renormalised), so land is an obstacle, not a source of still water.
// Both rules are mirror-symmetric, so symmetric maps give symmetric fields. Points outside the map
// are moved onto its edge first.
class CellSampler {
public:
    explicit CellSampler(const CurrentGrid& grid) : grid_(grid) {}

    Velocity2 sample(const std::vector<Velocity2>& cells, WorldPoint p) const;
    // The same, or nothing where no wet cell weighs in (the point is on land).
    std::optional<Velocity2> sampleWater(const std::vector<Velocity2>& cells, WorldPoint p) const;

private:
    std::optional<Velocity2> sampleSquare(const std::vector<Velocity2>& cells, WorldPoint p) const;
    std::optional<Velocity2> sampleTriangle(const std::vector<Velocity2>& cells, WorldPoint p) const;

    const CurrentGrid& grid_;
};

} // namespace rb
