#include "MeshChecks.h"

#include <algorithm>
#include <cmath>
#include <vector>

namespace rb::test {
namespace {

WorldPoint positionOf(const Lattice& lattice, std::uint32_t cell)
{
    return lattice.worldPosition(static_cast<int>(cell % static_cast<std::uint32_t>(lattice.width())),
                                 static_cast<int>(cell / static_cast<std::uint32_t>(lattice.width())));
}

double cross(WorldPoint a, WorldPoint b, WorldPoint c)
{
    return (b.x - a.x) * (c.y - a.y) - (b.y - a.y) * (c.x - a.x);
}

} // namespace

MeshMeasure measureMesh(const io::LatticeMesh& mesh, const Lattice& lattice, const FloatField& heights)
{
    MeshMeasure measure;
    std::vector<char> covered(lattice.cellCount(), 0);
    const double tolerance = 1e-9 * lattice.cellSize() * lattice.cellSize();
    for (const auto& t : mesh.triangles) {
        const std::uint32_t ca = mesh.vertexCells[t[0]], cb = mesh.vertexCells[t[1]], cc = mesh.vertexCells[t[2]];
        const WorldPoint a = positionOf(lattice, ca), b = positionOf(lattice, cb), c = positionOf(lattice, cc);
        const double area = cross(a, b, c);
        measure.area += std::abs(area) / 2.0;
        if (area <= 0.0) {
            ++measure.clockwise;
            continue;
        }
        for (int y = 0; y < lattice.height(); ++y)
            for (int x = 0; x < lattice.width(); ++x) {
                const WorldPoint p = lattice.worldPosition(x, y);
                if (p.x < std::min({a.x, b.x, c.x}) - 1e-9 || p.x > std::max({a.x, b.x, c.x}) + 1e-9) continue;
                if (p.y < std::min({a.y, b.y, c.y}) - 1e-9 || p.y > std::max({a.y, b.y, c.y}) + 1e-9) continue;
                const double wa = cross(b, c, p), wb = cross(c, a, p), wc = cross(a, b, p);
                if (wa < -tolerance || wb < -tolerance || wc < -tolerance) continue;
                const std::size_t cell = lattice.index(x, y);
                covered[cell] = 1;
                const double onMesh = (wa * heights[ca] + wb * heights[cb] + wc * heights[cc]) / area;
                measure.maxError = std::max(measure.maxError, std::abs(heights[cell] - onMesh));
            }
    }
    measure.uncovered = static_cast<std::size_t>(std::count(covered.begin(), covered.end(), 0));
    return measure;
}

double hullArea(const Lattice& lattice)
{
    std::vector<WorldPoint> points;
    for (int y = 0; y < lattice.height(); ++y)
        for (int x = 0; x < lattice.width(); ++x) points.push_back(lattice.worldPosition(x, y));
    std::sort(points.begin(), points.end(), [](WorldPoint a, WorldPoint b) { return a.x != b.x ? a.x < b.x : a.y < b.y; });
    std::vector<WorldPoint> hull;
    for (int pass = 0; pass < 2; ++pass) {
        const std::size_t floor = hull.size();
        for (const WorldPoint& p : points) {
            while (hull.size() >= floor + 2 && cross(hull[hull.size() - 2], hull.back(), p) <= 1e-12) hull.pop_back();
            hull.push_back(p);
        }
        hull.pop_back();
        std::reverse(points.begin(), points.end());
    }
    double twice = 0.0;
    for (std::size_t i = 0; i < hull.size(); ++i) {
        const WorldPoint a = hull[i], b = hull[(i + 1) % hull.size()];
        twice += a.x * b.y - b.x * a.y;
    }
    return std::abs(twice) / 2.0;
}

FloatField bumpyTerrain(const Lattice& lattice)
{
    FloatField heights(lattice.width(), lattice.height());
    for (int y = 0; y < lattice.height(); ++y)
        for (int x = 0; x < lattice.width(); ++x) {
            const WorldPoint p = lattice.worldPosition(x, y);
            const double s = p.x / lattice.cellSize(), t = p.y / lattice.cellSize();
            double h = 12.0 * std::sin(s / 6.0) * std::cos(t / 4.5) + 0.4 * s + 3.0 * std::sin(s * t / 40.0);
            h += 25.0 * std::exp(-((s - 20.0) * (s - 20.0) + (t - 15.0) * (t - 15.0)) / 3.0); // a sharp peak
            heights(x, y) = static_cast<float>(h);
        }
    return heights;
}

} // namespace rb::test
