#pragma once

#include "io/raster/ExportImage.h"
#include "io/raster/SampleRaster.h"

#include <QByteArray>
#include <QIODevice>
#include <QString>

#include <optional>

namespace rb::io {

// TIFF files through libtiff 4.5. Written as 32-bit IEEE floats, one sample per channel (a second
// channel is an unspecified extra sample), deflate with the floating-point predictor: lossless,
// so values round-trip bit for bit.
// Read: one sample per pixel, 32/64-bit float (metres) or 8/16-bit unsigned (levels), strips or
// tiles, uncompressed, LZW, deflate or PackBits, with or without a predictor.

QByteArray encodeTiff(const ExportImage& image);
bool writeTiff(const QString& path, const ExportImage& image, QString* error); // atomic

// Reads from an open device. Sizes are checked against the size limit and the bytes present
// before anything is allocated; libtiff's own messages are collected, never printed. Messages do
// not name the file (the caller does).
std::optional<SampleRaster> readTiff(QIODevice& device, QString* error);

} // namespace rb::io
