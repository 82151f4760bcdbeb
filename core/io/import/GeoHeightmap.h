#pragma once

#include "io/raster/GridSize.h"
#include "io/raster/HeightRange.h"
#include "model/Field.h"
#include "model/Georeference.h"

#include <QString>
#include <QStringList>

#include <optional>

namespace rb::io {

// What to do with NoData (and NaN) cells: refuse the raster (naming how many), or inpaint them
// from their valid neighbours (NoDataFill.h).
enum class NoDataPolicy { Refuse, Fill };

struct GeoRequest {
    std::optional<double> cellSize;         // --cell-size: must agree with the geotransform if it has one
    std::optional<HeightRange> heightRange; // maps an integer type's full range onto metres
    NoDataPolicy noData = NoDataPolicy::Refuse;
};

// A heightmap read through GDAL, turned into square cells north up, in metres.
struct GeoHeightmap {
    FloatField metres;                        // row 0 north, square cells of `cellSize`
    double cellSize = 0.0;                    // metres
    std::optional<Georeference> georeference; // none without a geotransform
    QString description;                      // "Int16 GTiff"
    QStringList notes;                        // what was done: flipped, resampled, filled, converted
    QStringList warnings;                     // what may be wrong: 16-bit levels without a range
    GridSize raster;                          // the file's pixels, oriented, before square cells: a water raster's grid
};

// Reads any raster GDAL reads (band 1) and applies the rules of docs/import-export.md, "GDAL
// import": the cell size from the geotransform (a conflicting request is an error naming both;
// rotation terms that are rounding noise count as north up), south-up and east-to-west rasters
// flipped, non-square pixels resampled bilinearly to the largest square cells no larger than the
// smaller side that keep one side of the ground extent exactly and the other to within half a
// cell and 1% (so an export imports again on the same grid), a geographic CRS or a Mercator
// projection converted to ground metres at its centre latitude (refused when that scale is more
// than 10% off at an edge), NoData and NaN refused or filled, integer samples mapped through the
// height range (default: one metre per level). Messages start with the path.
std::optional<GeoHeightmap> readGeoHeightmap(const QString& path, const GeoRequest& request, QString* error);

// The same samples without any geometry (no cell size, no resampling): for a water-depth raster
// that must match the heightmap cell for cell. Flipped north up; NoData as `policy` says.
std::optional<FloatField> readGeoMetres(const QString& path, NoDataPolicy policy, QString* error);

} // namespace rb::io
