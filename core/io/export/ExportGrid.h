#pragma once

#include "io/raster/GridSize.h"
#include "lattice/Lattice.h"
#include "model/Field.h"

namespace rb::io {

// The sample positions of an exported raster in world space, row 0 north. Standard library only.
struct ExportGrid {
    int width = 0;
    int height = 0;
    WorldPoint origin;       // sample (0, 0), the north-west one
    double stepX = 0.0;      // world distance between neighbouring samples (m)
    double stepY = 0.0;
    bool onCells = false;    // the samples are the lattice's own cells (a square lattice of this size)

    WorldPoint position(int i, int j) const { return {origin.x + i * stepX, origin.y + j * stepY}; }
    GridSize size() const { return {width, height}; }
};

// The raster a map exports to by default, covering the lattice's world rectangle:
//  - square: the lattice's own size, one pixel per cell (values exported unchanged);
//  - triangle: one column per vertex of a row and round(H·√3/2) rows, so pixels are about dx
//    square: ((W + ½)/W)·dx wide and H·rowSpacing/rows tall. (The inverse of importLatticeSize:
//    importing such a raster gives back a lattice of H rows.)
GridSize exportRasterSize(const Lattice& lattice);

// width × height pixels covering the lattice's world rectangle, samples at the pixel centres.
ExportGrid pixelGrid(const Lattice& lattice, int width, int height);

// width × height samples at the corners of a vertex grid (what terrain engines store): the first
// and last samples of each row and column sit on the first and last pixel centres of the default
// raster (on a square lattice: the first and last cell centres), the others evenly between. A
// square lattice exported at its own size gets its cells unchanged.
ExportGrid vertexGrid(const Lattice& lattice, int width, int height);

// The lattice values at every sample (see Resampler.h: bilinear on square lattices, linear over
// the lattice's triangles on triangle ones). Bit for bit the same values when grid.onCells.
FloatField sampleGrid(const FloatField& values, const Lattice& lattice, const ExportGrid& grid);

} // namespace rb::io
