#pragma once

#include "grid/BoundaryEdges.h"
#include "grid/SourceCells.h"
#include "solver/PipeStages.h"

#include <vector>

namespace rb {

// Cuts the map into tiles for temporal blocking: strips of `tileSize` columns, each the map's
// height (a sweep down a strip computes every row exactly, so only the sides need a halo). A tile
// owns its core cells; it computes a window reaching `halo` columns further (clipped to the map),
// because the step's dependency radius is 2 cells: after n steps the outer 2n columns of a window
// are wrong, the core exact.
class TilePlan {
public:
    struct Rect {
        int x0 = 0, y0 = 0, x1 = 0, y1 = 0; // [x0, x1) × [y0, y1)
        int width() const { return x1 - x0; }
        int height() const { return y1 - y0; }
    };
    struct Tile {
        Rect core;
        Rect window;
        std::vector<ViewBoundaryEdge> edges; // in window indices; counted when their cell is in the core
        std::vector<ViewSource> sources;
        CellRect countedCells;               // the core, in window coordinates
    };

    void build(const Lattice& lattice, int tileSize, int halo);
    void assignBoundary(const Lattice& lattice, const std::vector<BoundaryEdge>& edges);
    void assignSources(const Lattice& lattice, const std::vector<SourceCell>& sources);

    const std::vector<Tile>& tiles() const { return tiles_; }

private:
    std::vector<Tile> tiles_;
};

} // namespace rb
