#pragma once

#include "io/export/EnginePreset.h"
#include "io/export/ExportGrid.h"
#include "io/raster/GridSize.h"

#include <QString>

namespace rb::io {

// Engine tiles (`export MAP --tiles N --engine E`, docs/export.md "Engine tiles"): one vertex grid
// of total = N·(tileSize − 1) + 1 samples a side cut into N × N tiles of tileSize samples. Tile
// (column c, row r; row 0 north) holds samples c·(tileSize − 1) … c·(tileSize − 1) + tileSize − 1
// across, and the same down, so neighbours share their edge column or row: the engine stitches
// them without a seam.
//
// The rule when the map's raster does not divide into legal tiles: the tile size is the one the
// engine takes whose total is nearest the raster's longer side (ties: the larger, so no detail is
// dropped), and the whole map is sampled onto that total with the vertex grid the single-file
// engine export uses (bilinear on square lattices, linear over the triangles on triangle ones).
// Never a crop. `resampled` says whether that grid differs from the map's export raster.
struct TileLayout {
    int tiles = 1;           // N: columns = rows
    int tileSize = 0;        // samples a side of each tile
    int total = 0;           // samples a side of the whole set
    GridSize raster;         // the map's export raster (exportRasterSize)
    bool resampled = false;  // total differs from the raster's width or height

    int firstSample(int index) const { return index * (tileSize - 1); }
};

// The largest set side: the largest map (Lattice::kMaxSide) plus the one sample a legal total may
// add (16384 → 4 Unity tiles of 4097).
constexpr int kMaxTileSetSide = 16385;

// Empty when N tiles a side can be cut for the engine from this raster; else why not, naming
// --tiles: N < 1, tiles under the engine's smallest size or over its largest, a set too large.
QString tileLayoutProblem(Engine engine, int tiles, GridSize raster);

// The layout by the rule above (call only when tileLayoutProblem is empty).
TileLayout tileLayout(Engine engine, int tiles, GridSize raster);

// The whole set's vertex grid (vertexGrid at total × total) and one tile's part of it.
ExportGrid tileSetGrid(const Lattice& lattice, const TileLayout& layout);
ExportGrid tileGrid(const ExportGrid& set, const TileLayout& layout, int column, int row);

} // namespace rb::io
