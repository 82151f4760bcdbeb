#pragma once

#include "model/Field.h"

#include <QString>

#include <optional>

namespace rb::io {

// A raster as a file holds it, before any conversion to metres: rows north to south (row 0 is
// the top of the image).
struct SampleRaster {
    FloatField samples;   // the file's values; 8- and 16-bit integers are exact in a float
    int integerBits = 0;  // 8 or 16 for integer samples, 0 for floating-point ones (metres already)
    QString description;  // what the file held, e.g. "16-bit grayscale PNG", "float64 .npy"

    // The largest integer sample (255 or 65535); meaningful only when integerBits > 0.
    double integerMax() const { return integerBits == 16 ? 65535.0 : 255.0; }
};

// Reads a PNG or .npy file, recognised by its first bytes whatever its name. Refuses files that
// are unreadable, of another format or bit depth, empty, larger than Lattice::kMaxSide on a side,
// truncated, or holding NaN/Inf. Messages start with the file's path.
std::optional<SampleRaster> readSampleRaster(const QString& path, QString* error);

} // namespace rb::io
