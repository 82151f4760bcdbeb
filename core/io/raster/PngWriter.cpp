#include "io/raster/PngWriter.h"

#include "io/text/ExactNumber.h"
#include "io/transaction/AtomicFile.h"

#include <QBuffer>
#include <QImage>
#include <QImageWriter>

#include <algorithm>
#include <array>

namespace rb::io {
namespace {

int sourceRow(const ExportImage& image, int row)
{
    return image.southRowFirst ? image.height() - 1 - row : row;
}

QImage grayImage(const ExportImage& image)
{
    const bool deep = image.pngBits == 16;
    QImage out(image.width(), image.height(), deep ? QImage::Format_Grayscale16 : QImage::Format_Grayscale8);
    const FloatField& values = image.channels.front();
    for (int y = 0; y < out.height(); ++y) {
        uchar* line = out.scanLine(y);
        for (int x = 0; x < out.width(); ++x) {
            const int level = quantise(values(x, sourceRow(image, y)), image.levels, deep ? 65535 : 255);
            if (deep) reinterpret_cast<quint16*>(line)[x] = static_cast<quint16>(level);
            else line[x] = static_cast<uchar>(level);
        }
    }
    return out;
}

// Red, green, blue and alpha from the first channels: blue 0 and opaque where there are fewer (a
// flow map has two, the dye four).
QImage colourImage(const ExportImage& image)
{
    const bool deep = image.pngBits == 16, alpha = image.channels.size() >= 4;
    const QImage::Format format = deep ? (alpha ? QImage::Format_RGBA64 : QImage::Format_RGBX64) : (alpha ? QImage::Format_RGBA8888 : QImage::Format_RGB888);
    QImage out(image.width(), image.height(), format);
    const int maxLevel = deep ? 65535 : 255;
    const int bytesPerPixel = alpha ? 4 : 3;
    for (int y = 0; y < out.height(); ++y) {
        uchar* line = out.scanLine(y);
        for (int x = 0; x < out.width(); ++x) {
            std::array<int, 4> level{0, 0, 0, maxLevel};
            for (std::size_t c = 0; c < std::min<std::size_t>(image.channels.size(), 4); ++c)
                level[c] = quantise(image.channels[c](x, sourceRow(image, y)), image.levels, maxLevel);
            if (deep) {
                reinterpret_cast<QRgba64*>(line)[x] = QRgba64::fromRgba64(static_cast<quint16>(level[0]), static_cast<quint16>(level[1]),
                                                                          static_cast<quint16>(level[2]), static_cast<quint16>(level[3]));
            } else {
                for (int c = 0; c < bytesPerPixel; ++c) line[bytesPerPixel * x + c] = static_cast<uchar>(level[static_cast<std::size_t>(c)]);
            }
        }
    }
    return out;
}

void addText(QImage& out, const ExportImage& image)
{
    const QString low = QString::fromStdString(exactDoubleText(image.meaning.low));
    const QString high = QString::fromStdString(exactDoubleText(image.meaning.high));
    out.setText(kPngMinKey, low);
    out.setText(kPngMaxKey, high);
    out.setText(kPngLayerKey, image.layer);
    out.setText("Description", QString("Riverbed %1: level 0 = %2, level %3 = %4").arg(image.layer, low).arg(image.pngBits == 16 ? 65535 : 255).arg(high));
}

} // namespace

QByteArray encodePng(const ExportImage& image)
{
    QImage out = image.channels.size() == 1 ? grayImage(image) : colourImage(image);
    addText(out, image);
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    QImageWriter writer(&buffer, "png");
    writer.write(out);
    return bytes;
}

bool writePng(const QString& path, const ExportImage& image, QString* error)
{
    const QByteArray bytes = encodePng(image);
    if (bytes.isEmpty()) {
        *error = path + ": cannot encode the PNG";
        return false;
    }
    return writeFileAtomically(path, bytes, error);
}

} // namespace rb::io
