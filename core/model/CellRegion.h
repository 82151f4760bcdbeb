#pragma once

#include "lattice/Lattice.h"

#include <algorithm>
#include <cstddef>
#include <vector>

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
    // Every cell of `other` is one of this rectangle's (an empty `other` is in any rectangle).
    bool contains(const CellRegion& other) const;
    // This rectangle in the coordinates of values laid out over `outer` (its origin moved by outer's).
    CellRegion relativeTo(const CellRegion& outer) const { return {x - outer.x, y - outer.y, width, height}; }
    // Row-major index of map cell (cx, cy) in values laid out over this rectangle.
    std::size_t indexOf(int cx, int cy) const { return static_cast<std::size_t>(cy - y) * static_cast<std::size_t>(width) + static_cast<std::size_t>(cx - x); }
    static CellRegion wholeMap(const Lattice& lattice) { return {0, 0, lattice.width(), lattice.height()}; }
    bool operator==(const CellRegion&) const = default;
};

// The smallest rectangle holding both (either may be empty).
CellRegion unite(const CellRegion& a, const CellRegion& b);

// The values over `rect` out of a row-major field `fieldWidth` cells wide, row-major over `rect`;
// `rect` must lie inside the field (the callers check it against the map first).
template <typename T>
std::vector<T> copyRegion(const std::vector<T>& field, int fieldWidth, const CellRegion& rect)
{
    std::vector<T> values(rect.cellCount());
    for (int row = 0; row < rect.height; ++row) {
        const auto from = field.begin() + static_cast<std::ptrdiff_t>(rect.y + row) * fieldWidth + rect.x;
        std::copy(from, from + rect.width, values.begin() + static_cast<std::ptrdiff_t>(row) * rect.width);
    }
    return values;
}

// Writes `values` (row-major over `rect`, rect.cellCount() of them) into the field over `rect`.
template <typename T>
void writeRegion(std::vector<T>& field, int fieldWidth, const CellRegion& rect, const std::vector<T>& values)
{
    for (int row = 0; row < rect.height; ++row) {
        const auto from = values.begin() + static_cast<std::ptrdiff_t>(row) * rect.width;
        std::copy(from, from + rect.width, field.begin() + static_cast<std::ptrdiff_t>(rect.y + row) * fieldWidth + rect.x);
    }
}

} // namespace rb
