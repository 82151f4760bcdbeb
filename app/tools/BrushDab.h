#pragma once

#include "lattice/Lattice.h"
#include "model/CellRegion.h"

#include <vector>

namespace rb::tools {

// How hard a circular brush acts on each cell it covers: 1 inside (1 − falloff) of its radius,
// easing to 0 at the rim along half a cosine. The rectangle is clipped to the map, so a brush
// half off the map touches only the cells on it (and one wholly off it touches none).
struct BrushDab {
    CellRegion rect;
    std::vector<float> weights; // row-major over rect, 0 outside the circle

    static BrushDab around(const Lattice& lattice, WorldPoint centre, double radiusMetres, double falloff);
    bool empty() const { return rect.empty(); }
};

// The cells' rectangle holding the world disc (clipped to the map; empty when off it).
CellRegion cellsAround(const Lattice& lattice, WorldPoint centre, double radiusMetres);

} // namespace rb::tools
