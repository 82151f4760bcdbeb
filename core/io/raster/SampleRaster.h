#pragma once

#include "io/raster/GridSize.h"
#include "io/raster/HeightRange.h"
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
    std::optional<HeightRange> embeddedRange; // what the levels mean, if the file says (PNG text)

    // The largest integer sample (255 or 65535); meaningful only when integerBits > 0.
    double integerMax() const { return integerBits == 16 ? 65535.0 : 255.0; }
};

} // namespace rb::io
