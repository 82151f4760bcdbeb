#pragma once

#include "io/raster/HeightRange.h"
#include "io/raster/RasterReader.h"
#include "io/raster/Sidecar.h"

#include <QString>

#include <optional>

namespace rb::io {

// A heightmap in metres, rows north to south.
struct Heightmap {
    FloatField metres;
    QString description;              // what the file held ("16-bit grayscale PNG")
    std::optional<HeightRange> range; // the range applied to integer samples; none for floats
    QString rangeOrigin;              // "--height-range", the sidecar's path, "PNG text" or "default"
    int integerBits = 0;              // 8 or 16 for integer samples, 0 for floats
};

// What the caller knows beyond the file itself.
struct HeightmapRequest {
    std::optional<HeightRange> range; // for integer samples (--height-range)
    RasterRequest raster;             // raw size, EXR channel preference
};

// Reads a heightmap (see readSampleRaster for the formats) and converts it to metres. Integer
// samples map linearly from 0..max onto a range: `request.range` if given, else the sidecar's if
// one exists (see Sidecar.h), else the one in the PNG's text chunks, else one metre per level
// (0..255 m for 8 bits, 0..65535 m for 16 bits). A sidecar also gives a raw file's size (when the
// request has none) and its row order (rows stored south first are turned north first).
// Floating-point samples are metres already: a range is then refused and a sidecar ignored.
// Messages start with the path of the file at fault.
std::optional<Heightmap> readHeightmap(const QString& path, const HeightmapRequest& request, QString* error);
std::optional<Heightmap> readHeightmap(const QString& path, const std::optional<HeightRange>& range, QString* error);

// Metres from integer samples: low + (high − low) · v / max, in double. Exact for the default
// one-metre-per-level range.
FloatField samplesToMetres(const SampleRaster& raster, const HeightRange& range);

} // namespace rb::io
