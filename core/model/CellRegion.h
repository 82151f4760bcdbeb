#pragma once

#include "lattice/Lattice.h"

#include <cstddef>

namespace rb {

// A rectangle of cells: columns x .. x+width-1, rows y .. y+height-1. Region edits (the editor's
// brushes) and region reads are expressed in it, so only the touched cells travel.
struct CellRegion {
    int x = 0;
    int y = 0;
    int width = 0;
    int height = 0;

    bool empty() const { return width <= 0 || height <= 0; }
    std::size_t cellCount() const { return empty() ? 0 : static_cast<std::size_t>(width) * static_cast<std::size_t>(height); }
    bool inside(const Lattice& lattice) const; // non-empty and within the map
    // Row-major index of map cell (cx, cy) in values laid out over this rectangle.
    std::size_t indexOf(int cx, int cy) const { return static_cast<std::size_t>(cy - y) * static_cast<std::size_t>(width) + static_cast<std::size_t>(cx - x); }
    static CellRegion wholeMap(const Lattice& lattice) { return {0, 0, lattice.width(), lattice.height()}; }
    bool operator==(const CellRegion&) const = default;
};

} // namespace rb
