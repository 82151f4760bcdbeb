#pragma once

#include "io/raster/ExportImage.h"

#include <QString>
#include <QStringList>

#include <vector>

namespace rb::io {

// The file formats a layer can be written in, chosen by the file name's extension. A format is
// one entry of rasterFormats().
struct RasterFormat {
    QString extension;   // lower case, without the dot: "npy"
    QString description; // for help texts: "NumPy float32 array"
    bool integer = false; // stores levels (0..255 or 0..65535) that need a sidecar to mean metres
    int maxChannels = 1;  // the most channels one file holds
    // Writes the image (rows north to south); on failure `error` names the file.
    bool (*write)(const QString& path, const ExportImage& image, QString* error) = nullptr;
};

const std::vector<RasterFormat>& rasterFormats();

// The format for a path's extension (case-insensitive), or nullptr.
const RasterFormat* rasterFormatFor(const QString& path);

// "FILE: unknown extension '.xyz' (supported: .npy, .png, ...)"
QString unsupportedRasterFormatMessage(const QString& path);

// Writes with the format the extension names; refuses unknown extensions and more channels than
// the format holds.
bool writeRaster(const QString& path, const ExportImage& image, QString* error);

} // namespace rb::io
