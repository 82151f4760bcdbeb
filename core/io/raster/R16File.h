#pragma once

#include "io/raster/ExportImage.h"
#include "io/raster/GridSize.h"
#include "io/raster/SampleRaster.h"

#include <QByteArray>
#include <QIODevice>
#include <QString>

#include <optional>

namespace rb::io {

// 16-bit raw heightmaps (.r16, .raw): width · height unsigned 16-bit levels, little-endian, row
// after row, nothing else. The file does not say its size: the caller gives it, or it is inferred
// when the level count is a perfect square.

QByteArray encodeR16(const ExportImage& image); // the first channel, rows as image.southRowFirst says
bool writeR16(const QString& path, const ExportImage& image, QString* error); // atomic

// Reads from an open device positioned at the start. The size is checked against the device's
// size before anything is allocated. Messages do not name the file (the caller does).
std::optional<SampleRaster> readR16(QIODevice& device, const std::optional<GridSize>& size, QString* error);

} // namespace rb::io
