#pragma once

#include "io/raster/ExportImage.h"

#include <QByteArray>
#include <QString>

#include <optional>

namespace rb::io {

// PNG text keys that record what the levels mean (the same as the sidecar's "min" and "max"),
// so that an image separated from its sidecar still reads back in metres.
inline constexpr char kPngMinKey[] = "riverbed-min";
inline constexpr char kPngMaxKey[] = "riverbed-max";
inline constexpr char kPngLayerKey[] = "riverbed-layer";

// One channel: grayscale; two channels: RGB with blue 0. image.pngBits bits per channel (8 or 16).
// Levels: quantise(value, image.levels, 255 or 65535).
QByteArray encodePng(const ExportImage& image);
bool writePng(const QString& path, const ExportImage& image, QString* error); // atomic

} // namespace rb::io
