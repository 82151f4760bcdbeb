#pragma once

#include "generator/SeededRandom.h"

#include <vector>

namespace rb::gen {

// A disc in noise units (MapFrame: the map's longer side is 1).
struct Site {
    double x = 0.0;
    double y = 0.0;
    double radius = 0.0;
};

struct ScatterRequest {
    int count = 0;
    double meanRadius = 0.0;
    double minFactor = 1.0; // each radius is meanRadius times a factor drawn from [minFactor, maxFactor)
    double maxFactor = 1.0;
    double spanX = 1.0;     // the area to fill: [0, spanX] × [0, spanY]
    double spanY = 1.0;
    double margin = 0.0;    // kept free between every disc and the area's edge
    double reach = 1.0;     // gaps are measured between discs of radius·reach (room for warped coasts)
};

// Spreads discs by best-candidate sampling: each disc tries a fixed number of random centres and
// keeps the one with the widest gap to the discs placed before it. Deterministic for a given
// random stream. A disc too large for the area is centred in it.
std::vector<Site> scatterSites(const SeededRandom& random, const ScatterRequest& request);

} // namespace rb::gen
