#include "io/RasterWriter.h"

#include "io/NpyFile.h"

#include <QFileInfo>

namespace rb::io {

const std::vector<RasterFormat>& rasterFormats()
{
    static const std::vector<RasterFormat> formats = {
        {"npy", "NumPy float32 array, C order, rows north to south", writeNpy},
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

bool writeRaster(const QString& path, const FloatField& raster, QString* error)
{
    const RasterFormat* format = rasterFormatFor(path);
    if (!format) {
        if (error) *error = unsupportedRasterFormatMessage(path);
        return false;
    }
    return format->write(path, raster, error);
}

} // namespace rb::io
