#pragma once

#include "io/raster/SampleRaster.h"

#include <QIODevice>
#include <QString>

#include <optional>

namespace rb::io {

inline constexpr char kPngSignature[] = "\x89PNG\r\n\x1a\n";
inline constexpr qsizetype kPngSignatureSize = 8;

// Reads a heightmap PNG: 8- or 16-bit grayscale, or 8-bit RGB whose three channels are equal in
// every pixel (a gray image saved as colour). The PNG's own header decides what is accepted, so a
// palette, alpha channel or other bit depth is refused by name rather than converted behind the
// user's back, and the size is checked before any pixel is decoded. Text chunks written by
// PngWriter give the raster's embeddedRange. Reads from an open device positioned at the start;
// messages do not name the file.
std::optional<SampleRaster> readPng(QIODevice& device, QString* error);

} // namespace rb::io
