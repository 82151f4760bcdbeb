#pragma once

#include "model/Field.h"

#include <QString>
#include <QStringList>

#include <array>
#include <cstddef>
#include <optional>

namespace rb::io {

// Band 1 of a raster read through GDAL, as the file holds it: rows as stored (row 0 first, which
// is north only when the geotransform says so), in metres as far as the file says (its scale and
// offset applied, feet converted), NoData, masked-out and NaN cells as NaN.
struct GdalRaster {
    FloatField samples;          // the file's heights; NoData, masked-out and NaN cells are NaN
    QString driver;              // GDAL's short name: "GTiff", "SRTMHGT", "AAIGrid", ...
    QString dataType;            // GDAL's name: "Float32", "Int16", ...
    bool integer = false;        // integer levels that --height-range may map onto metres (false when
                                 // the file's scale, offset or vertical unit already made them heights)
    int integerBits = 0;         // their size in bits (0 otherwise)
    double typeMin = 0.0;        // the sample type's range (integer levels only)
    double typeMax = 0.0;
    std::optional<double> noDataValue;   // the band's NoData value (a stored value, before scale and offset)
    std::size_t noDataCells = 0;         // cells equal to it
    std::size_t maskedCells = 0;         // other cells the band's mask marks invalid (an internal TIFF mask, ...)
    std::size_t nanCells = 0;            // NaN cells (NoData too)
    std::optional<std::array<double, 6>> geoTransform; // GDAL's affine transform (degrees for a geographic CRS)
    QString crsWkt;              // the CRS as WKT; empty if none
    bool geographic = false;     // the CRS is in degrees of latitude and longitude
    double metresPerCrsUnit = 1.0; // a projected CRS's linear unit (1 for metres, 0.3048 for feet)
    double semiMajor = 0.0;      // the ellipsoid of a geographic CRS (m)
    double semiMinor = 0.0;
    QStringList notes;           // what reading changed: scale and offset applied, feet or grads converted
    QStringList warnings;        // what may be wrong: a vertical unit taken as metres without knowing it

    std::size_t invalidCells() const { return noDataCells + maskedCells + nanCells; }
    // "27 equal to the NoData value -9999, 3 masked out by the file's mask, 2 NaN" (the non-zero ones)
    QString invalidCellCounts() const;
    QString description() const { return QString("%1 %2").arg(dataType, driver); } // "Int16 GTiff"
};

// Reads band 1 of any raster GDAL opens. Refuses: files GDAL cannot open, more than one band,
// complex samples, palette (colour-table) rasters, vertical units that are not lengths, sides
// above Lattice::kMaxSide, infinite values (or float64 beyond float32). A geographic CRS in
// another angular unit (grads) comes back in degrees: geotransform and CRS alike. Messages start
// with the path and include GDAL's own words.
std::optional<GdalRaster> readGdalRaster(const QString& path, QString* error);

} // namespace rb::io
