#include "io/raster/RasterReader.h"

#include "io/raster/ExrFile.h"
#include "io/raster/NpyFile.h"
#include "io/raster/PngRaster.h"
#include "io/raster/R16File.h"
#include "io/raster/TiffFile.h"

#include <QFile>
#include <QFileInfo>

namespace rb::io {
namespace {

bool startsWith(const QByteArray& bytes, const char* magic, qsizetype size)
{
    return bytes.startsWith(QByteArray(magic, size));
}

// Classic TIFF and BigTIFF, either byte order.
bool isTiff(const QByteArray& magic)
{
    return startsWith(magic, "II*\0", 4) || startsWith(magic, "MM\0*", 4) || startsWith(magic, "II+\0", 4) || startsWith(magic, "MM\0+", 4);
}

} // namespace

bool isRawPath(const QString& path)
{
    const QString suffix = QFileInfo(path).suffix().toLower();
    return suffix == "r16" || suffix == "raw";
}

bool hasOwnImportReader(const QString& path)
{
    if (isRawPath(path)) return true;
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) return true; // the own reader names the problem
    const QByteArray magic = file.peek(8);
    return magic.isEmpty() || startsWith(magic, kPngSignature, kPngSignatureSize) || startsWith(magic, kNpyMagic, kNpyMagicSize)
        || startsWith(magic, kExrMagic, kExrMagicSize);
}

std::optional<SampleRaster> readSampleRaster(QIODevice& device, bool raw, const RasterRequest& request, QString* error)
{
    if (raw) return readR16(device, request.rawSize, error);
    // Recognised by content: a heightmap named .png that is really a JPEG gets a clear message.
    const QByteArray magic = device.peek(8);
    if (startsWith(magic, kPngSignature, kPngSignatureSize)) return readPng(device, error);
    if (startsWith(magic, kNpyMagic, kNpyMagicSize)) return readNpy(device, error);
    if (startsWith(magic, kExrMagic, kExrMagicSize)) return readExr(device, request.exrChannels, error);
    if (isTiff(magic)) return readTiff(device, error);
    *error = magic.isEmpty() ? QString("the file is empty")
                             : QString("unsupported format (expected PNG, OpenEXR, TIFF, NumPy .npy, or 16-bit raw named .r16 or .raw)");
    return std::nullopt;
}

std::optional<SampleRaster> readSampleRaster(const QString& path, const RasterRequest& request, QString* error)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        *error = QString("%1: cannot open: %2").arg(path, file.errorString());
        return std::nullopt;
    }
    QString problem;
    std::optional<SampleRaster> raster = readSampleRaster(file, isRawPath(path), request, &problem);
    if (!raster) *error = path + ": " + problem;
    return raster;
}

std::optional<SampleRaster> readSampleRaster(const QString& path, QString* error)
{
    return readSampleRaster(path, RasterRequest{}, error);
}

} // namespace rb::io
