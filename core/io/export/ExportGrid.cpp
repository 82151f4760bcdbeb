#include "io/export/ExportGrid.h"

#include "io/raster/Resampler.h"

#include <algorithm>
#include <cmath>

namespace rb::io {
namespace {

constexpr double kRasterRowsPerTriangleRow = 0.8660254037844386; // √3/2 = rowSpacing / dx

bool coversCells(const Lattice& lattice, int width, int height)
{
    return lattice.kind() == LatticeKind::Square && lattice.width() == width && lattice.height() == height;
}

// Evenly spaced from `first` to `last` in `count` samples (one sample sits on `first`).
double spacing(double first, double last, int count)
{
    return count > 1 ? (last - first) / (count - 1) : 0.0;
}

} // namespace

GridSize exportRasterSize(const Lattice& lattice)
{
    if (lattice.kind() == LatticeKind::Square) return {lattice.width(), lattice.height()};
    return {lattice.width(), std::max(1, static_cast<int>(std::lround(lattice.height() * kRasterRowsPerTriangleRow)))};
}

ExportGrid pixelGrid(const Lattice& lattice, int width, int height)
{
    const double pixelWidth = lattice.worldWidth() / width;
    const double pixelHeight = lattice.worldHeight() / height;
    return {width, height, {0.5 * pixelWidth, 0.5 * pixelHeight}, pixelWidth, pixelHeight, coversCells(lattice, width, height)};
}

ExportGrid vertexGrid(const Lattice& lattice, int width, int height)
{
    const GridSize raster = exportRasterSize(lattice);
    const ExportGrid pixels = pixelGrid(lattice, raster.width, raster.height);
    const WorldPoint last = pixels.position(raster.width - 1, raster.height - 1);
    return {width, height, pixels.origin, spacing(pixels.origin.x, last.x, width), spacing(pixels.origin.y, last.y, height),
            coversCells(lattice, width, height)};
}

FloatField sampleGrid(const FloatField& values, const Lattice& lattice, const ExportGrid& grid)
{
    // Computed positions land a rounding error off the cell centres; the identity must not blur.
    if (grid.onCells) return values;
    FloatField out(grid.width, grid.height);
    for (int j = 0; j < grid.height; ++j)
        for (int i = 0; i < grid.width; ++i) out(i, j) = static_cast<float>(sampleLattice(values, lattice, grid.position(i, j)));
    return out;
}

} // namespace rb::io
