#include "io/mesh/LatticePlane.h"

#include <algorithm>

namespace rb::io {
namespace {

// 128 bits: the in-circle determinant of a 16384-wide triangle lattice reaches about 10^19.
__extension__ typedef __int128 Wide;

std::int64_t floorDiv(std::int64_t a, std::int64_t b)
{
    return a >= 0 ? a / b : -((-a + b - 1) / b);
}

} // namespace

LatticePlane::LatticePlane(const Lattice& lattice)
    : width_(lattice.width()), height_(lattice.height()), triangle_(lattice.kind() == LatticeKind::Triangle)
{
}

int LatticePlane::firstColumn(int y, std::int64_t uMin) const
{
    if (!triangle_) return static_cast<int>(std::max<std::int64_t>(0, uMin));
    // smallest x with 2x + parity >= uMin
    return static_cast<int>(std::max<std::int64_t>(0, -floorDiv(-(uMin - (y & 1)), 2)));
}

int LatticePlane::lastColumn(int y, std::int64_t uMax) const
{
    const std::int64_t last = triangle_ ? floorDiv(uMax - (y & 1), 2) : uMax;
    return static_cast<int>(std::min<std::int64_t>(width_ - 1, last));
}

std::int64_t LatticePlane::orient(Point a, Point b, Point c)
{
    return (b.u - a.u) * (c.v - a.v) - (b.v - a.v) * (c.u - a.u);
}

std::pair<std::int64_t, std::int64_t> LatticePlane::rowSpan(Point a, Point b, Point c, std::int64_t row)
{
    double low = INFINITY, high = -INFINITY;
    const Point corners[3] = {a, b, c};
    for (int i = 0; i < 3; ++i) {
        const Point p = corners[i], q = corners[(i + 1) % 3];
        if (row < std::min(p.v, q.v) || row > std::max(p.v, q.v)) continue;
        if (p.v == q.v) { // along the row: both ends
            low = std::min({low, static_cast<double>(p.u), static_cast<double>(q.u)});
            high = std::max({high, static_cast<double>(p.u), static_cast<double>(q.u)});
            continue;
        }
        const double u = static_cast<double>(p.u) + static_cast<double>(row - p.v) * static_cast<double>(q.u - p.u) / static_cast<double>(q.v - p.v);
        low = std::min(low, u);
        high = std::max(high, u);
    }
    return {static_cast<std::int64_t>(std::floor(low)) - 1, static_cast<std::int64_t>(std::ceil(high)) + 1};
}

int LatticePlane::inCircle(Point a, Point b, Point c, Point d) const
{
    const Wide au = a.u - d.u, av = a.v - d.v, al = lift(a) - lift(d);
    const Wide bu = b.u - d.u, bv = b.v - d.v, bl = lift(b) - lift(d);
    const Wide cu = c.u - d.u, cv = c.v - d.v, cl = lift(c) - lift(d);
    const Wide det = au * (bv * cl - bl * cv) - av * (bu * cl - bl * cu) + al * (bu * cv - bv * cu);
    return det > 0 ? 1 : (det < 0 ? -1 : 0);
}

} // namespace rb::io
