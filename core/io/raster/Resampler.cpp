#include "io/raster/Resampler.h"

#include <algorithm>
#include <cmath>

namespace rb::io {
namespace {

// One axis of an interpolation: the two neighbouring samples and the weight of the second.
struct AxisWeights {
    int i0 = 0;
    int i1 = 0;
    double f = 0.0;
};

// `u` in sample units (samples at 0, 1, …, count−1), clamped into that range.
AxisWeights axisWeights(double u, int count)
{
    u = std::clamp(u, 0.0, static_cast<double>(count - 1));
    const int i0 = std::min(static_cast<int>(std::floor(u)), std::max(count - 2, 0));
    return {i0, std::min(i0 + 1, count - 1), u - i0};
}

bool isIdentity(const Lattice& lattice, int width, int height)
{
    return lattice.kind() == LatticeKind::Square && lattice.width() == width && lattice.height() == height;
}

// The corners of the sheared square that holds a point between two triangle rows, and where in
// it the point lies. In (u, fy) coordinates row r0's vertex i is at (i, 0) and row r1's vertex j at
// (j, 1); the lattice's diagonals then all run one way between a row pair, so each unit square
// holds exactly two lattice triangles. The map to world space is affine, so barycentric weights
// computed here are the world-space ones.
struct TriangleCell {
    double v00, v10, v01, v11; // (i, r0), (i+1, r0), (i, r1), (i+1, r1)
    double fu, fy;
    bool diagonalFallsEast;    // diagonal from (i, 0) to (i+1, 1); else from (i+1, 0) to (i, 1)
};

TriangleCell triangleCell(const FloatField& values, const Lattice& lattice, WorldPoint p)
{
    const AxisWeights rows = axisWeights(p.y / lattice.rowSpacing() - 0.5, lattice.height());
    const double shift0 = 0.5 + 0.5 * (rows.i0 & 1); // odd rows sit half a cell east
    const double shift1 = 0.5 + 0.5 * (rows.i1 & 1);
    const double u = p.x / lattice.cellSize() - shift0 - (shift1 - shift0) * rows.f;
    const AxisWeights columns = axisWeights(u, lattice.width());
    return {values(columns.i0, rows.i0), values(columns.i1, rows.i0), values(columns.i0, rows.i1), values(columns.i1, rows.i1),
            columns.f, rows.f, shift1 < shift0};
}

double interpolateTriangle(const TriangleCell& c)
{
    if (c.diagonalFallsEast) {
        if (c.fu >= c.fy) return c.v00 + c.fu * (c.v10 - c.v00) + c.fy * (c.v11 - c.v10); // (0,0) (1,0) (1,1)
        return c.v00 + c.fy * (c.v01 - c.v00) + c.fu * (c.v11 - c.v01);                  // (0,0) (0,1) (1,1)
    }
    if (c.fu + c.fy <= 1.0) return c.v00 + c.fu * (c.v10 - c.v00) + c.fy * (c.v01 - c.v00);           // (0,0) (1,0) (0,1)
    return c.v11 + (1.0 - c.fu) * (c.v01 - c.v11) + (1.0 - c.fy) * (c.v10 - c.v11);                 // (1,1) (0,1) (1,0)
}

} // namespace

double sampleRaster(const FloatField& raster, double worldWidth, double worldHeight, WorldPoint p)
{
    const AxisWeights x = axisWeights(p.x / worldWidth * raster.width() - 0.5, raster.width());
    const AxisWeights y = axisWeights(p.y / worldHeight * raster.height() - 0.5, raster.height());
    const double north = raster(x.i0, y.i0) + x.f * (raster(x.i1, y.i0) - raster(x.i0, y.i0));
    const double south = raster(x.i0, y.i1) + x.f * (raster(x.i1, y.i1) - raster(x.i0, y.i1));
    return north + y.f * (south - north);
}

double sampleLattice(const FloatField& values, const Lattice& lattice, WorldPoint p)
{
    if (lattice.kind() == LatticeKind::Square) return sampleRaster(values, lattice.worldWidth(), lattice.worldHeight(), p);
    return interpolateTriangle(triangleCell(values, lattice, p));
}

FloatField latticeFromRaster(const FloatField& raster, const Lattice& lattice)
{
    // Computed positions would land a rounding error off the pixel centres; the identity case is
    // the common one (square import) and must not blur.
    if (isIdentity(lattice, raster.width(), raster.height())) return raster;
    FloatField out(lattice.width(), lattice.height());
    for (int y = 0; y < lattice.height(); ++y)
        for (int x = 0; x < lattice.width(); ++x)
            out(x, y) = static_cast<float>(sampleRaster(raster, lattice.worldWidth(), lattice.worldHeight(), lattice.worldPosition(x, y)));
    return out;
}

FloatField rasterFromLattice(const FloatField& values, const Lattice& lattice, int width, int height)
{
    if (isIdentity(lattice, width, height)) return values;
    FloatField out(width, height);
    const double pixelWidth = lattice.worldWidth() / width;
    const double pixelHeight = lattice.worldHeight() / height;
    for (int j = 0; j < height; ++j)
        for (int i = 0; i < width; ++i)
            out(i, j) = static_cast<float>(sampleLattice(values, lattice, {(i + 0.5) * pixelWidth, (j + 0.5) * pixelHeight}));
    return out;
}

} // namespace rb::io
