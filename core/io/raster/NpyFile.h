#pragma once

#include "io/raster/ExportImage.h"
#include "io/raster/SampleRaster.h"

#include <QByteArray>
#include <QIODevice>
#include <QString>

#include <optional>
#include <vector>

namespace rb::io {

// NumPy's .npy format (format versions 1.0, 2.0, 3.0): a magic string, a header holding a Python
// dict literal {'descr': ..., 'fortran_order': ..., 'shape': ...}, then the raw array.
// Read: 2-D, C order, little-endian float32 '<f4', float64 '<f8' or uint16 '<u2', nothing else.
// Written: float32, C order, format 1.0; shape (rows, columns), or (rows, columns, channels) for
// more than one channel.

inline constexpr char kNpyMagic[] = "\x93NUMPY";
inline constexpr qsizetype kNpyMagicSize = 6;

// Reads from an open device positioned at the file's start. The header is checked (strictly)
// before any sample memory is allocated, and the data size must match the device's size exactly.
// Messages do not name the file (the caller does).
std::optional<SampleRaster> readNpy(QIODevice& device, QString* error);

QByteArray encodeNpy(const FloatField& raster);
QByteArray encodeNpy(const std::vector<FloatField>& channels); // at least one, all of one size
bool writeNpy(const QString& path, const FloatField& raster, QString* error); // atomic (AtomicFile)
bool writeNpy(const QString& path, const ExportImage& image, QString* error);

} // namespace rb::io
