#pragma once

#include "model/Field.h"

#include <QString>

#include <array>
#include <cstddef>
#include <optional>

namespace rb::io {

// Band 1 of a raster read through GDAL, as the file holds it: rows as stored (row 0 first, which
// is north only when the geotransform says so), NoData and NaN cells as NaN.
struct GdalRaster {
    FloatField samples;          // the file's values; NoData and NaN cells are NaN
    QString driver;              // GDAL's short name: "GTiff", "SRTMHGT", "AAIGrid", ...
    QString dataType;            // GDAL's name: "Float32", "Int16", ...
    bool integer = false;        // integer samples: levels that --height-range may map onto metres
    int integerBits = 0;         // their size in bits (0 for floats)
    double typeMin = 0.0;        // the sample type's range (integers only)
    double typeMax = 0.0;
    std::optional<double> noDataValue;   // the band's NoData value, if it has one
    std::size_t noDataCells = 0;         // cells equal to it
    std::size_t nanCells = 0;            // NaN cells (NoData too)
    std::optional<std::array<double, 6>> geoTransform; // GDAL's affine transform, if the file has one
    QString crsWkt;              // the CRS as WKT; empty if none
    bool geographic = false;     // the CRS is in degrees of latitude and longitude
    double metresPerCrsUnit = 1.0; // a projected CRS's linear unit (1 for metres, 0.3048 for feet)
    double semiMajor = 0.0;      // the ellipsoid of a geographic CRS (m)
    double semiMinor = 0.0;

    std::size_t invalidCells() const { return noDataCells + nanCells; }
    QString description() const { return QString("%1 %2").arg(dataType, driver); } // "Int16 GTiff"
};

// Reads band 1 of any raster GDAL opens. Refuses: files GDAL cannot open, more than one band,
// complex samples, sides above Lattice::kMaxSide, infinite values (or float64 beyond float32).
// Messages start with the path and include GDAL's own words.
std::optional<GdalRaster> readGdalRaster(const QString& path, QString* error);

} // namespace rb::io
