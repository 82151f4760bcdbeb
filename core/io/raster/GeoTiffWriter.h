#pragma once

#include "io/raster/ExportImage.h"

#include <QByteArray>
#include <QString>

namespace rb::io {

// A float32 GeoTIFF written by GDAL's GTiff driver: the layout of writeTiff (DEFLATE with the
// floating-point predictor, one band per channel, pixel-interleaved) plus the image's CRS and
// geotransform as GeoTIFF tags, which GDAL and QGIS read back. Empty bytes if GDAL fails.
QByteArray encodeGeoTiff(const ExportImage& image, QString* gdalError);

// The same, written atomically (AtomicFile.h); `error` names the file.
bool writeGeoTiff(const QString& path, const ExportImage& image, QString* error);

} // namespace rb::io
