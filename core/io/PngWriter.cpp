#include "io/PngWriter.h"

#include "io/AtomicFile.h"
#include "io/ExactNumber.h"

#include <QBuffer>
#include <QImage>
#include <QImageWriter>

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

// Red and green from the first two channels, blue 0.
QImage colourImage(const ExportImage& image)
{
    const bool deep = image.pngBits == 16;
    QImage out(image.width(), image.height(), deep ? QImage::Format_RGBX64 : QImage::Format_RGB888);
    const int maxLevel = deep ? 65535 : 255;
    for (int y = 0; y < out.height(); ++y) {
        uchar* line = out.scanLine(y);
        for (int x = 0; x < out.width(); ++x) {
            const int r = quantise(image.channels[0](x, sourceRow(image, y)), image.levels, maxLevel);
            const int g = quantise(image.channels[1](x, sourceRow(image, y)), image.levels, maxLevel);
            if (deep) {
                reinterpret_cast<QRgba64*>(line)[x] = QRgba64::fromRgba64(static_cast<quint16>(r), static_cast<quint16>(g), 0, 65535);
            } else {
                line[3 * x] = static_cast<uchar>(r);
                line[3 * x + 1] = static_cast<uchar>(g);
                line[3 * x + 2] = 0;
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
