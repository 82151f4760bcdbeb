#pragma once

#include "solver/PipeStages.h"
#include "solver/TilePlan.h"

#include <array>
#include <vector>

namespace rb {

// One thread's cache-sized copy of a tile's window: a ring of rows, each read from the map's state
// as a sweep reaches it and, once the sweep's last step is done with it, its core written to the
// next state. Only the rows in flight are held, however tall the window.
class TileWorkspace : public RowStream {
public:
    // Where a tile's rows come from and go to.
    struct Fields {
        const std::vector<float>* bed = nullptr;
        const std::vector<float>* depth = nullptr;
        const std::vector<std::vector<float>>* flows = nullptr;
    };
    struct Targets {
        std::vector<float>* depth = nullptr;
        std::vector<std::vector<float>>* flows = nullptr;
    };

    // Prepares a view of the tile's window for a sweep of `steps` steps. The window's ring holds
    // the map's ghost flows where the window reaches the map's edge, and zero (a wall) elsewhere:
    // the error that wall causes stays in the halo.
    GridView open(const Lattice& lattice, const TilePlan::Tile& tile, int steps, Fields from, Targets to);

    void loadRow(int y) override;
    // Writes the core's depths and the flows the tile owns: the core's edges, plus the ghost
    // ring's where the core reaches the map's edge.
    void storeRow(int y) override;

private:
    const Lattice* lattice_ = nullptr;
    const TilePlan::Tile* tile_ = nullptr;
    Fields from_;
    Targets to_;
    GridView view_;
    TilePlan::Rect windowExtent_; // padded positions that hold map data (see paddedExtent)
    TilePlan::Rect coreExtent_;   // padded positions the tile owns
    std::vector<float> bed_, depth_, scale_;
    std::array<std::vector<float>, Lattice::kMaxFamilies> flows_;
};

} // namespace rb
