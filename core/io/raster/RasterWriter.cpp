#include "io/raster/RasterWriter.h"

#include "io/raster/ExrFile.h"
#include "io/raster/GeoTiffWriter.h"
#include "io/raster/NpyFile.h"
#include "io/raster/PngWriter.h"
#include "io/raster/R16File.h"
#include "io/raster/TiffFile.h"

#include <QFileInfo>

namespace rb::io {
namespace {

constexpr int kManyChannels = 64;

bool writeNpyImage(const QString& path, const ExportImage& image, QString* error)
{
    return writeNpy(path, image, error);
}

// A georeferenced image goes through GDAL, which writes the GeoTIFF tags; others keep libtiff.
bool writeTiffImage(const QString& path, const ExportImage& image, QString* error)
{
    return image.georeference ? writeGeoTiff(path, image, error) : writeTiff(path, image, error);
}

} // namespace

const std::vector<RasterFormat>& rasterFormats()
{
    static const std::vector<RasterFormat> formats = {
        {"npy", "NumPy float32 array, C order, rows north to south", false, kManyChannels, writeNpyImage},
        {"png", "PNG: 16-bit grayscale heights, 8-bit grayscale mask, 8/16-bit RGB flow map, 8-bit RGBA dye", true, 4, writePng},
        {"r16", "16-bit little-endian raw levels, no header", true, 1, writeR16},
        {"raw", "the same as .r16", true, 1, writeR16},
        {"exr", "OpenEXR 32-bit float channels, ZIP (lossless)", false, kManyChannels, writeExr},
        {"tif", "TIFF 32-bit float, deflate with the floating-point predictor (lossless); GeoTIFF tags when the map is georeferenced", false, kManyChannels, writeTiffImage},
        {"tiff", "the same as .tif", false, kManyChannels, writeTiffImage},
    };
    return formats;
}

const RasterFormat* rasterFormatFor(const QString& path)
{
    const QString extension = QFileInfo(path).suffix().toLower();
    for (const RasterFormat& format : rasterFormats())
        if (format.extension == extension) return &format;
    return nullptr;
}

QString unsupportedRasterFormatMessage(const QString& path)
{
    QStringList supported;
    for (const RasterFormat& format : rasterFormats()) supported << "." + format.extension;
    const QString suffix = QFileInfo(path).suffix();
    const QString what = suffix.isEmpty() ? QString("no extension") : QString("unknown extension '.%1'").arg(suffix);
    return QString("%1: %2 (supported: %3)").arg(path, what, supported.join(", "));
}

bool writeRaster(const QString& path, const ExportImage& image, QString* error)
{
    const RasterFormat* format = rasterFormatFor(path);
    if (!format) {
        *error = unsupportedRasterFormatMessage(path);
        return false;
    }
    if (static_cast<int>(image.channels.size()) > format->maxChannels) {
        *error = QString("%1: .%2 holds %3 channel(s); the %4 has %5").arg(path, format->extension).arg(format->maxChannels).arg(image.layer).arg(image.channels.size());
        return false;
    }
    return format->write(path, image, error);
}

} // namespace rb::io
