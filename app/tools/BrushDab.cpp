#include "tools/BrushDab.h"

#include <algorithm>
#include <cmath>

namespace rb::tools {

namespace {

constexpr double kPi = 3.14159265358979;

double falloffWeight(double distance, double radius, double falloff)
{
    if (distance >= radius) return 0.0;
    const double inner = radius * (1.0 - std::clamp(falloff, 0.0, 1.0));
    if (distance <= inner) return 1.0;
    return 0.5 * (1.0 + std::cos(kPi * (distance - inner) / (radius - inner)));
}

} // namespace

CellRegion cellsAround(const Lattice& lattice, WorldPoint centre, double radiusMetres)
{
    if (!std::isfinite(centre.x) || !std::isfinite(centre.y) || !std::isfinite(radiusMetres) || lattice.cellCount() == 0)
        return {};
    const double dx = lattice.cellSize(), row = lattice.rowSpacing();
    // One extra column covers the triangle lattice's half-cell row shift.
    const double x0 = std::floor((centre.x - radiusMetres) / dx) - 1, x1 = std::ceil((centre.x + radiusMetres) / dx) + 1;
    const double y0 = std::floor((centre.y - radiusMetres) / row) - 1, y1 = std::ceil((centre.y + radiusMetres) / row) + 1;
    const int left = static_cast<int>(std::clamp(x0, 0.0, static_cast<double>(lattice.width())));
    const int right = static_cast<int>(std::clamp(x1, -1.0, lattice.width() - 1.0));
    const int top = static_cast<int>(std::clamp(y0, 0.0, static_cast<double>(lattice.height())));
    const int bottom = static_cast<int>(std::clamp(y1, -1.0, lattice.height() - 1.0));
    if (right < left || bottom < top) return {};
    return {left, top, right - left + 1, bottom - top + 1};
}

BrushDab BrushDab::around(const Lattice& lattice, WorldPoint centre, double radiusMetres, double falloff)
{
    BrushDab dab;
    dab.rect = cellsAround(lattice, centre, radiusMetres);
    dab.weights.assign(dab.rect.cellCount(), 0.0f);
    bool touches = false;
    for (int row = 0; row < dab.rect.height; ++row)
        for (int column = 0; column < dab.rect.width; ++column) {
            const WorldPoint p = lattice.worldPosition(dab.rect.x + column, dab.rect.y + row);
            const double distance = std::hypot(p.x - centre.x, p.y - centre.y);
            const float w = static_cast<float>(falloffWeight(distance, radiusMetres, falloff));
            dab.weights[static_cast<std::size_t>(row) * static_cast<std::size_t>(dab.rect.width) + static_cast<std::size_t>(column)] = w;
            touches = touches || w > 0.0f;
        }
    if (!touches) dab = BrushDab{};
    return dab;
}

} // namespace rb::tools
