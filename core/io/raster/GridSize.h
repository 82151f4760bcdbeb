#pragma once

namespace rb::io {

// Columns and rows of a raster or a lattice.
struct GridSize {
    int width = 0;
    int height = 0;
    bool operator==(const GridSize&) const = default;
};

} // namespace rb::io
