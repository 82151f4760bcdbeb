#pragma once

#include "model/Field.h"

#include <QString>
#include <QStringList>

#include <vector>

namespace rb::io {

// The file formats a layer raster can be written in, chosen by the file name's extension. A new
// format (PNG, EXR, TIFF, R16, engine presets) is one more entry in rasterFormats().
struct RasterFormat {
    QString extension;   // lower case, without the dot: "npy"
    QString description; // for help texts: "NumPy float32 array"
    // Writes a raster of metres (rows north to south); on failure `error` names the file.
    bool (*write)(const QString& path, const FloatField& raster, QString* error);
};

const std::vector<RasterFormat>& rasterFormats();

// The format for a path's extension (case-insensitive), or nullptr.
const RasterFormat* rasterFormatFor(const QString& path);

// "FILE: unknown extension '.xyz' (supported: .npy)"
QString unsupportedRasterFormatMessage(const QString& path);

// Writes with the format the extension names; refuses unknown extensions.
bool writeRaster(const QString& path, const FloatField& raster, QString* error);

} // namespace rb::io
