#include "model/CellRegion.h"

namespace rb {

bool CellRegion::inside(const Lattice& lattice) const
{
    // Written so that no sum can overflow, whatever a caller passes.
    return !empty() && x >= 0 && y >= 0 && x <= lattice.width() - width && y <= lattice.height() - height;
}

bool CellRegion::contains(const CellRegion& other) const
{
    if (other.empty()) return true;
    return !empty() && other.x >= x && other.y >= y && other.x + other.width <= x + width && other.y + other.height <= y + height;
}

CellRegion unite(const CellRegion& a, const CellRegion& b)
{
    if (a.empty()) return b;
    if (b.empty()) return a;
    const int left = std::min(a.x, b.x), top = std::min(a.y, b.y);
    const int right = std::max(a.x + a.width, b.x + b.width), bottom = std::max(a.y + a.height, b.y + b.height);
    return {left, top, right - left, bottom - top};
}

} // namespace rb
