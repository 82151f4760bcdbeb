#include "io/raster/R16File.h"

#include "io/transaction/AtomicFile.h"
#include "lattice/Lattice.h"

#include <cmath>
#include <vector>

namespace rb::io {
namespace {

QString sizeText(const GridSize& size)
{
    return QString("%1x%2").arg(size.width).arg(size.height);
}

// The side of a square holding `samples` levels, if there is one.
std::optional<int> squareSide(qint64 samples)
{
    const auto side = static_cast<qint64>(std::llround(std::sqrt(static_cast<double>(samples))));
    for (qint64 s = std::max<qint64>(side - 1, 1); s <= side + 1; ++s)
        if (s * s == samples) return static_cast<int>(std::min<qint64>(s, qint64{1} << 30));
    return std::nullopt;
}

std::optional<GridSize> inferSize(qint64 bytes, QString* error)
{
    if (bytes % 2 != 0) {
        *error = QString("wrong size for .r16: %1 bytes is not a whole number of 16-bit levels (truncated?)").arg(bytes);
        return std::nullopt;
    }
    const std::optional<int> side = squareSide(bytes / 2);
    if (!side) {
        *error = QString("wrong size for .r16: %1 levels do not make a square; give the size (--size WxH)").arg(bytes / 2);
        return std::nullopt;
    }
    return GridSize{*side, *side};
}

bool checkSize(const GridSize& size, qint64 bytes, QString* error)
{
    const qint64 expected = qint64{size.width} * size.height * 2;
    if (size.width <= 0 || size.height <= 0) {
        *error = QString(".r16 has zero size (%1)").arg(sizeText(size));
    } else if (size.width > Lattice::kMaxSide || size.height > Lattice::kMaxSide) {
        *error = QString(".r16 is %1, above the limit of %2 per side").arg(sizeText(size)).arg(Lattice::kMaxSide);
    } else if (bytes < expected) {
        *error = QString("truncated .r16: %1 bytes present, %2 expected for %3").arg(bytes).arg(expected).arg(sizeText(size));
    } else if (bytes > expected) {
        *error = QString("wrong size for .r16: %1 bytes, but %2 needs %3").arg(bytes).arg(sizeText(size)).arg(expected);
    } else {
        return true;
    }
    return false;
}

bool readLevels(QIODevice& device, FloatField& out, QString* error)
{
    std::vector<unsigned char> row(static_cast<std::size_t>(out.width()) * 2);
    for (int y = 0; y < out.height(); ++y) {
        if (device.read(reinterpret_cast<char*>(row.data()), static_cast<qint64>(row.size())) != static_cast<qint64>(row.size())) {
            *error = QString("truncated .r16 at row %1").arg(y);
            return false;
        }
        for (int x = 0; x < out.width(); ++x)
            out(x, y) = static_cast<float>(row[2 * static_cast<std::size_t>(x)] | (row[2 * static_cast<std::size_t>(x) + 1] << 8));
    }
    return true;
}

} // namespace

QByteArray encodeR16(const ExportImage& image)
{
    QByteArray bytes;
    bytes.reserve(static_cast<qsizetype>(image.width()) * image.height() * 2);
    const FloatField& values = image.channels.front();
    for (int row = 0; row < image.height(); ++row) {
        const int y = image.southRowFirst ? image.height() - 1 - row : row;
        for (int x = 0; x < image.width(); ++x) {
            const int level = quantise(values(x, y), image.levels, 65535);
            bytes.append(static_cast<char>(level & 0xFF)).append(static_cast<char>(level >> 8));
        }
    }
    return bytes;
}

bool writeR16(const QString& path, const ExportImage& image, QString* error)
{
    return writeFileAtomically(path, encodeR16(image), error);
}

std::optional<SampleRaster> readR16(QIODevice& device, const std::optional<GridSize>& size, QString* error)
{
    const qint64 bytes = device.size() - device.pos();
    if (bytes <= 0) {
        *error = "the file is empty";
        return std::nullopt;
    }
    const std::optional<GridSize> dimensions = size ? size : inferSize(bytes, error);
    if (!dimensions || !checkSize(*dimensions, bytes, error)) return std::nullopt;
    SampleRaster raster{FloatField(dimensions->width, dimensions->height), 16, "16-bit raw (.r16)", std::nullopt};
    if (!readLevels(device, raster.samples, error)) return std::nullopt;
    return raster;
}

} // namespace rb::io
