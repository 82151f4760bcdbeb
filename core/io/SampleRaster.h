#pragma once

#include "io/GridSize.h"
#include "io/HeightRange.h"
#include "model/Field.h"

#include <QIODevice>
#include <QString>
#include <QStringList>

#include <optional>

namespace rb::io {

// A raster as a file holds it, before any conversion to metres: rows north to south (row 0 is
// the top of the image).
struct SampleRaster {
    FloatField samples;   // the file's values; 8- and 16-bit integers are exact in a float
    int integerBits = 0;  // 8 or 16 for integer samples, 0 for floating-point ones (metres already)
    QString description;  // what the file held, e.g. "16-bit grayscale PNG", "float64 .npy"
    std::optional<HeightRange> embeddedRange; // what the levels mean, if the file says (PNG text)

    // The largest integer sample (255 or 65535); meaningful only when integerBits > 0.
    double integerMax() const { return integerBits == 16 ? 65535.0 : 255.0; }
};

// What a file's bytes do not say.
struct RasterRequest {
    std::optional<GridSize> rawSize;                // .r16/.raw dimensions; else inferred when square
    QStringList exrChannels = {"terrain", "Y", "R"}; // EXR channel to read, in order of preference
};

// .r16 and .raw files (16-bit little-endian, no header) are recognised by their extension.
bool isRawPath(const QString& path);

// True for the files Riverbed reads itself on import: PNG, OpenEXR and .npy (by their first
// bytes) and raw files (by extension). Everything else, TIFF included, is imported through GDAL
// (GeoHeightmap.h), which knows georeferencing, NoData and every sample type.
bool hasOwnImportReader(const QString& path);

// Reads a PNG, OpenEXR, TIFF or .npy file, recognised by its first bytes whatever its name, or a
// raw file by its extension. Refuses files that are unreadable, of another format or bit depth,
// empty, larger than Lattice::kMaxSide on a side, truncated, or holding NaN/Inf. Messages start
// with the file's path.
std::optional<SampleRaster> readSampleRaster(const QString& path, const RasterRequest& request, QString* error);
std::optional<SampleRaster> readSampleRaster(const QString& path, QString* error);

// The same from an open device (the fuzzers read memory); `raw` says the bytes are a raw file.
// Messages do not name a file.
std::optional<SampleRaster> readSampleRaster(QIODevice& device, bool raw, const RasterRequest& request, QString* error);

} // namespace rb::io
