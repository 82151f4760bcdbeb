#pragma once

#include "solver/PipeStages.h"
#include "solver/TilePlan.h"

#include <array>
#include <vector>

namespace rb {

// One thread's cache-sized copy of a tile's window: loaded from the map's state, stepped several
// times in place, and its core written back to the next state.
class TileWorkspace {
public:
    // Copies the window from the map's arrays. The window's ring holds the map's ghost flows
    // where the window reaches the map's edge, and zero (a wall) elsewhere: the error that wall
    // causes stays in the halo.
    GridView load(const Lattice& lattice, const TilePlan::Tile& tile, const std::vector<float>& bed, const std::vector<float>& depth,
                  const std::vector<std::vector<float>>& flows);

    // Writes the core's depths and the flows the tile owns: the core's edges, plus the ghost
    // ring's where the core reaches the map's edge.
    void store(const Lattice& lattice, const TilePlan::Tile& tile, std::vector<float>& depth, std::vector<std::vector<float>>& flows) const;

private:
    std::vector<float> bed_, depth_, scale_;
    std::array<std::vector<float>, Lattice::kMaxFamilies> flows_;
};

} // namespace rb
