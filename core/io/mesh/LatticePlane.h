#pragma once

#include "lattice/Lattice.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <utility>

namespace rb::io {

// The cells of a lattice as points of the map's plane in exact integer coordinates, so that
// triangulating them never depends on rounding. A cell (x, y) sits at
//   square:   (u, v) = (x, y)             world (u + ½, v + ½)·dx
//   triangle: (u, v) = (2x + (y & 1), y)  world ((u + 1)/2, (v + ½)·√3/2)·dx (odd rows half a dx east)
// Both are linear maps of the world with a positive determinant, so orientations are the world's.
// The in-circle test lifts each point by its true squared world distance (up to a common scale):
// u² + v² on the square lattice, u² + 3v² on the triangular one, so Delaunay means Delaunay in
// metres. Standard library only.
class LatticePlane {
public:
    explicit LatticePlane(const Lattice& lattice);

    struct Point {
        std::int64_t u = 0;
        std::int64_t v = 0;
    };

    int width() const { return width_; }
    int height() const { return height_; }
    Point point(std::uint32_t cell) const { return point(static_cast<int>(cell % static_cast<std::uint32_t>(width_)), static_cast<int>(cell / static_cast<std::uint32_t>(width_))); }
    Point point(int x, int y) const { return {triangle_ ? 2 * x + (y & 1) : x, y}; }
    std::uint32_t cell(int x, int y) const { return static_cast<std::uint32_t>(y * width_ + x); }
    // The first and last column whose u lies in [uMin, uMax] on row y (empty when first > last).
    int firstColumn(int y, std::int64_t uMin) const;
    int lastColumn(int y, std::int64_t uMax) const;

    // Twice the signed area of abc: > 0 counter-clockwise with u right and v up (in the map, with
    // v pointing south, that is clockwise seen from above), 0 when collinear.
    static std::int64_t orient(Point a, Point b, Point c);
    // > 0 when d lies strictly inside the circle through the counter-clockwise a, b, c.
    int inCircle(Point a, Point b, Point c, Point d) const;

    // Calls visit(x, y, wa, wb, wc) for every cell inside or on the counter-clockwise triangle abc;
    // wa, wb, wc are the cell's barycentric weights times orient(a, b, c) (exact integers).
    template <typename Visit>
    void forEachCellIn(Point a, Point b, Point c, Visit&& visit) const
    {
        for (std::int64_t row = std::min({a.v, b.v, c.v}); row <= std::max({a.v, b.v, c.v}); ++row) {
            const int y = static_cast<int>(row);
            const auto [uLow, uHigh] = rowSpan(a, b, c, row);
            for (int x = firstColumn(y, uLow); x <= lastColumn(y, uHigh); ++x) {
                const Point p = point(x, y);
                const std::int64_t wa = orient(b, c, p), wb = orient(c, a, p), wc = orient(a, b, p);
                if (wa >= 0 && wb >= 0 && wc >= 0) visit(x, y, wa, wb, wc);
            }
        }
    }

private:
    // The u interval of the triangle on a row, widened by one (the exact test decides).
    static std::pair<std::int64_t, std::int64_t> rowSpan(Point a, Point b, Point c, std::int64_t row);
    std::int64_t lift(Point p) const { return p.u * p.u + (triangle_ ? 3 : 1) * p.v * p.v; }

    int width_ = 0;
    int height_ = 0;
    bool triangle_ = false;
};

} // namespace rb::io
