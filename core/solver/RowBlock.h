#pragma once

#include <vector>

namespace rb {

// Whole rows of the water's state, for a distributed run's halo exchange (core/distributed): map
// rows [y0, y1), where −1 and the map's height name the ghost rows of the padded flow arrays.
// depth holds the rows that are cells ([max(0, y0), min(height, y1)), W each); flows and
// velocities one array per family, every row padded (W + 2 each, ghost columns included);
// velocities is empty in the pipes model; cells: the other cell arrays the step changes, W each
// row like depth (the dye channels in order; with erosion then the bed, the suspended load, the
// net deposition and the bed's remainder).
struct RowBlock {
    int y0 = 0;
    int y1 = 0;
    std::vector<float> depth;
    std::vector<std::vector<float>> flows;
    std::vector<std::vector<float>> velocities;
    std::vector<std::vector<float>> cells;
};

} // namespace rb
