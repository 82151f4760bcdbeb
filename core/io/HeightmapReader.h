#pragma once

#include "io/SampleRaster.h"

#include <QString>

#include <optional>

namespace rb::io {

// Metres for the lowest and the highest integer sample (0 and 255, or 0 and 65535).
struct HeightRange {
    double low = 0.0;
    double high = 0.0;
    bool operator==(const HeightRange&) const = default;
};

// "LO:HI" with LO < HI, both finite (e.g. "-20:1500").
std::optional<HeightRange> parseHeightRange(const QString& text, QString* error);

// The sidecar that gives a heightmap's range: the heightmap's full path plus ".json", holding
// {"min": LO, "max": HI} in metres (e.g. "valley.png.json" next to "valley.png").
QString sidecarPath(const QString& path);

// A heightmap in metres, rows north to south.
struct Heightmap {
    FloatField metres;
    QString description;              // what the file held ("16-bit grayscale PNG")
    std::optional<HeightRange> range; // the range applied to integer samples; none for floats
    QString rangeOrigin;              // "--height-range", the sidecar's path, or "default"
};

// Reads a PNG or .npy (see readSampleRaster) and converts it to metres. Integer samples map
// linearly from 0..max onto a range: `range` if given, else the sidecar's if one exists, else
// one metre per level (0..255 m for 8 bits, 0..65535 m for 16 bits). Floating-point samples are
// metres already: `range` is then refused and a sidecar ignored. Messages start with the path.
std::optional<Heightmap> readHeightmap(const QString& path, const std::optional<HeightRange>& range, QString* error);

// Metres from integer samples: low + (high − low) · v / max, in double. Exact for the default
// one-metre-per-level range.
FloatField samplesToMetres(const SampleRaster& raster, const HeightRange& range);

} // namespace rb::io
