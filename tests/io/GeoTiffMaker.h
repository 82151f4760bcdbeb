#pragma once

#include <QString>

#include <array>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace rb::test {

// How a test GeoTIFF is laid out; written by GDAL itself (no binary fixtures).
struct GeoTiffSpec {
    std::string type = "Float32";                 // GDAL data type name: Float32, Int16, UInt16, ...
    std::vector<std::string> creationOptions;     // "TILED=YES", "COMPRESS=DEFLATE", "BIGTIFF=YES", ...
    std::optional<std::array<double, 6>> geoTransform = std::array<double, 6>{500000.0, 30.0, 0.0, 4000000.0, 0.0, -30.0};
    int epsg = 32633;                             // 0: no CRS
    std::string crs;                              // instead of epsg when given: "EPSG:32633+6360", ...
    std::optional<double> noData;
    double scale = 1.0;                           // the band's scale and offset: height = stored × scale + offset
    double offset = 0.0;
    std::string unitType;                         // the band's unit: "ft", "US survey foot", ...
    std::function<bool(int x, int y)> valid;      // if given, an internal TIFF mask: false = masked out
    bool palette = false;                         // a grey colour table, the samples its indices (Byte)
};

// A width × height GeoTIFF whose stored pixel (x, y) (row 0 first in the file) is value(x, y).
void writeTestGeoTiff(const QString& path, int width, int height, const GeoTiffSpec& spec,
                      const std::function<double(int x, int y)>& value);

// A VRT at `vrtPath` showing `source` with the CRS `crs` ("EPSG:32633+6360") and no band unit.
void writeTestVrt(const QString& vrtPath, const QString& source, const std::string& crs);

// What GDAL reads back from a file: its geotransform, whether its CRS is the same as EPSG:epsg,
// the first band's block size and the file's first four bytes.
struct GeoTiffFacts {
    std::array<double, 6> geoTransform{};
    bool hasGeoTransform = false;
    std::string crsWkt;
    int blockWidth = 0;
    int blockHeight = 0;
    std::string compression;
    std::string predictor;
};
GeoTiffFacts readGeoTiffFacts(const QString& path);
bool sameCrs(const std::string& wkt, int epsg);

} // namespace rb::test
