#include "io/SampleRaster.h"

#include "io/NpyFile.h"
#include "io/PngRaster.h"

#include <QFile>

namespace rb::io {

std::optional<SampleRaster> readSampleRaster(const QString& path, QString* error)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        if (error) *error = QString("%1: cannot open: %2").arg(path, file.errorString());
        return std::nullopt;
    }
    // Recognised by content: a heightmap named .png that is really a JPEG gets a clear message.
    const QByteArray magic = file.peek(8);
    QString problem;
    std::optional<SampleRaster> raster;
    if (magic.startsWith(QByteArray(kPngSignature, kPngSignatureSize))) {
        file.close();
        raster = readPng(path, &problem);
    } else if (magic.startsWith(QByteArray(kNpyMagic, kNpyMagicSize))) {
        raster = readNpy(file, &problem);
    } else if (magic.isEmpty()) {
        problem = "the file is empty";
    } else {
        problem = "unsupported format (expected a PNG or a NumPy .npy file)";
    }
    if (!raster && error) *error = path + ": " + problem;
    return raster;
}

} // namespace rb::io
