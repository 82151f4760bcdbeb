#pragma once

#include "io/import/GeoHeightmap.h"
#include "io/import/HeightmapReader.h"
#include "io/raster/GridSize.h"
#include "model/Map.h"

#include <QString>

#include <optional>

namespace rb::io {

// The lattice an imported raster becomes, keeping the raster's world extent
// (rasterWidth·dx × rasterHeight·dx):
//  - square: the raster's own size, one cell per pixel;
//  - triangle: rasterWidth vertices per row and round(rasterHeight·dx / rowSpacing)
//    = round(rasterHeight · 2/√3) rows. The lattice's rectangle is then within half a cell of the
//    raster's in each direction (it is (W + ½)·dx wide because odd rows are shifted).
// Either side may come out above Lattice::kMaxSide; the importer refuses that.
GridSize importLatticeSize(LatticeKind kind, int rasterWidth, int rasterHeight);

struct ImportOptions {
    LatticeKind lattice = LatticeKind::Square;
    std::optional<double> cellSize;         // dx in metres: a pixel's size, and the lattice spacing; a
                                            // georeferenced raster gives its own (they must agree)
    std::optional<HeightRange> heightRange; // for integer heightmaps (see readHeightmap)
    std::optional<GridSize> rawSize;        // a raw (.r16) heightmap's size, if not square or in a sidecar
    QString waterPath;                      // optional initial water depth raster, same size
    NoDataPolicy noData = NoDataPolicy::Refuse; // for rasters read through GDAL
};

// A map with what the import did (notes) and what may be wrong with it (warnings), for people.
struct ImportedMap {
    Map map;
    QString description; // what the heightmap file held
    QStringList notes;
    QStringList warnings;
};

// A map on the lattice above: bed from the heights (resampled bilinearly onto triangle vertices),
// water depth from `water` or dry, walls all round, default parameters. `water`, if given, must
// have the heights' size and no negative value.
std::optional<Map> buildImportedMap(const FloatField& heights, const FloatField* water, LatticeKind kind, double cellSize,
                                    QString* error);

// Reads the heightmap (and water) files and builds the map. Messages name the file at fault.
// From an EXR the heightmap is the channel "terrain", "Y" or "R" (the first present), the water
// "water-depth", "Y" or "R"; a raw water file has the heightmap's size.
// PNG, EXR, .npy and raw files are read by Riverbed's own readers (HeightmapReader.h) and need
// options.cellSize; every other file goes through GDAL (GeoHeightmap.h: georeferencing kept in the
// map, NoData by options.noData).
std::optional<ImportedMap> importMap(const QString& heightmapPath, const ImportOptions& options, QString* error);
std::optional<Map> importHeightmap(const QString& heightmapPath, const ImportOptions& options, QString* error);

} // namespace rb::io
