#pragma once

#include "io/raster/ExportImage.h"
#include "io/raster/SampleRaster.h"

#include <QByteArray>
#include <QIODevice>
#include <QString>
#include <QStringList>

#include <optional>

namespace rb::io {

// OpenEXR files (OpenEXR 3.1): written as 32-bit FLOAT channels with ZIP compression (lossless,
// so values round-trip bit for bit), one channel per image channel, named image.channelNames.
// Export notes become string attributes "riverbed.<member>".

inline constexpr char kExrMagic[] = "\x76\x2f\x31\x01";
inline constexpr qsizetype kExrMagicSize = 4;

QByteArray encodeExr(const ExportImage& image);
bool writeExr(const QString& path, const ExportImage& image, QString* error); // atomic

// Reads one FLOAT or HALF channel from an open device: the first of `preferred` that the file has,
// else its only channel. Checks the data window against the size limit and the bytes present
// before allocating; refuses NaN/Inf. Messages do not name the file (the caller does).
std::optional<SampleRaster> readExr(QIODevice& device, const QStringList& preferred, QString* error);

} // namespace rb::io
