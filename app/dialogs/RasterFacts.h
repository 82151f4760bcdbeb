#pragma once

#include <QString>

#include <optional>

namespace rb::editor {

// What the import dialog says of a raster GDAL reads, beside what the importer's probe gives:
// the range of the values actually in the file (its first band, NoData left out) and its
// coordinate reference system as a short name.
struct RasterFacts {
    std::optional<double> lowest, highest; // the band's values, as stored (metres for floats)
    QString crs;                           // "WGS 84 / UTM zone 33N (EPSG:32633)"; empty: none given
};

// Reads the facts of `path` with GDAL (a full pass over the band for its minimum and maximum,
// written nowhere: no .aux.xml appears beside the file). Nothing for files GDAL cannot open.
std::optional<RasterFacts> readRasterFacts(const QString& path);

} // namespace rb::editor
