#include "currents/CellSampler.h"

#include <algorithm>
#include <cmath>

namespace rb {
namespace {

// A weighted sum of wet cells' velocities, renormalised over the weight that found water.
struct WeightedSum {
    Velocity2 sum;
    double weight = 0.0;

    void add(const std::vector<Velocity2>& cells, std::int32_t wet, double w)
    {
        if (wet < 0 || w <= 0.0) return;
        sum.x += w * cells[static_cast<std::size_t>(wet)].x;
        sum.y += w * cells[static_cast<std::size_t>(wet)].y;
        weight += w;
    }
    std::optional<Velocity2> value() const { return weight > 0.0 ? std::optional<Velocity2>(Velocity2{sum.x / weight, sum.y / weight}) : std::nullopt; }
};

} // namespace

Velocity2 CellSampler::sample(const std::vector<Velocity2>& cells, WorldPoint p) const
{
    return sampleWater(cells, p).value_or(Velocity2{});
}

std::optional<Velocity2> CellSampler::sampleWater(const std::vector<Velocity2>& cells, WorldPoint p) const
{
    const Lattice& lattice = grid_.lattice();
    const double margin = 1e-9 * lattice.cellSize();
    p.x = std::clamp(p.x, margin, lattice.worldWidth() - margin);
    p.y = std::clamp(p.y, margin, lattice.worldHeight() - margin);
    return lattice.kind() == LatticeKind::Square ? sampleSquare(cells, p) : sampleTriangle(cells, p);
}

std::optional<Velocity2> CellSampler::sampleSquare(const std::vector<Velocity2>& cells, WorldPoint p) const
{
    const Lattice& lattice = grid_.lattice();
    const double fx = p.x / lattice.cellSize() - 0.5, fy = p.y / lattice.cellSize() - 0.5;
    const int x0 = static_cast<int>(std::floor(fx)), y0 = static_cast<int>(std::floor(fy));
    const double ax = fx - x0, ay = fy - y0;
    WeightedSum s;
    for (int j = 0; j < 2; ++j)
        for (int i = 0; i < 2; ++i) {
            const int x = x0 + i, y = y0 + j;
            if (!lattice.contains(x, y)) continue;
            s.add(cells, grid_.wetOf(lattice.index(x, y)), (i ? ax : 1.0 - ax) * (j ? ay : 1.0 - ay));
        }
    return s.value();
}

std::optional<Velocity2> CellSampler::sampleTriangle(const std::vector<Velocity2>& cells, WorldPoint p) const
{
    const Lattice& lattice = grid_.lattice();
    const std::optional<CellCoord> nearest = lattice.nearestCell(p);
    if (!nearest) return std::nullopt;
    WeightedSum s;
    const auto addCell = [&](int x, int y) {
        if (!lattice.contains(x, y)) return;
        const WorldPoint c = lattice.worldPosition(x, y);
        const double dx = c.x - p.x, dy = c.y - p.y;
        const double w = 1.0 - std::sqrt(dx * dx + dy * dy) / lattice.cellSize();
        s.add(cells, grid_.wetOf(lattice.index(x, y)), w);
    };
    addCell(nearest->x, nearest->y);
    for (int f = 0; f < lattice.familyCount(); ++f) {
        const CellOffset t = lattice.family(f).tailOffset(nearest->y), h = lattice.family(f).headOffset(nearest->y);
        addCell(nearest->x + t.dx, nearest->y + t.dy);
        addCell(nearest->x + h.dx, nearest->y + h.dy);
    }
    return s.value();
}

} // namespace rb
