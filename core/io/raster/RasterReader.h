#pragma once

#include "io/raster/GridSize.h"
#include "io/raster/SampleRaster.h"

#include <QIODevice>
#include <QString>
#include <QStringList>

#include <optional>

namespace rb::io {

// The one place that knows every raster format Riverbed reads itself: it recognises a file and
// hands it to that format's reader, so the formats never include each other.

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
