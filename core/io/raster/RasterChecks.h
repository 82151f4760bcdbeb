#pragma once

#include "model/Field.h"

#include <QString>
#include <QtGlobal>

namespace rb::io {

// Checks every raster reader makes, with the same messages whatever the format (`format` names
// it: "PNG", "EXR", "TIFF"). Each returns false and sets `error` on failure.

// Zero size, or more than Lattice::kMaxSide on a side.
bool checkRasterSize(const char* format, qint64 width, qint64 height, QString* error);

// A file of `fileBytes` cannot decode to more than maxExpansion times its size; a header that
// claims more is truncated or forged, and is refused before the raster is allocated.
bool checkPlausibleSize(const char* format, qint64 width, qint64 height, qint64 sampleBytes, qint64 fileBytes, qint64 maxExpansion,
                        QString* error);

// No NaN or infinity (`what` names the source: "the EXR").
bool checkFinite(const FloatField& samples, const QString& what, QString* error);

} // namespace rb::io
