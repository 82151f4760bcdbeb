#include "io/raster/PngRaster.h"

#include "io/raster/PngWriter.h"
#include "io/raster/RasterChecks.h"
#include "io/text/ExactNumber.h"
#include "lattice/Lattice.h"
#include "model/MemoryBudget.h"

#include <QImage>
#include <QImageReader>

#include <algorithm>
#include <cstdint>

namespace rb::io {
namespace {

constexpr qint64 kMaxDeflateExpansion = 1032;

// The fields of a PNG's IHDR chunk that decide whether it is a heightmap.
struct PngHeader {
    std::uint32_t width = 0;
    std::uint32_t height = 0;
    int bitDepth = 0;
    int colourType = 0; // 0 gray, 2 RGB, 3 palette, 4 gray+alpha, 6 RGBA
};

std::uint32_t bigEndian32(const QByteArray& bytes, qsizetype at)
{
    std::uint32_t v = 0;
    for (qsizetype i = 0; i < 4; ++i) v = (v << 8) | static_cast<unsigned char>(bytes[at + i]);
    return v;
}

std::optional<PngHeader> readPngHeader(QIODevice& device, QString* error)
{
    const QByteArray head = device.peek(kPngSignatureSize + 8 + 13);
    // The first chunk must be IHDR: 4 bytes length, "IHDR", then 13 bytes of fields.
    if (head.size() < kPngSignatureSize + 8 + 13 || head.mid(kPngSignatureSize + 4, 4) != "IHDR") {
        *error = "truncated or damaged PNG header";
        return std::nullopt;
    }
    return PngHeader{bigEndian32(head, 16), bigEndian32(head, 20), static_cast<unsigned char>(head[24]),
                     static_cast<unsigned char>(head[25])};
}

QString layoutName(const PngHeader& h)
{
    switch (h.colourType) {
    case 0: return QString("%1-bit grayscale PNG").arg(h.bitDepth);
    case 2: return QString("%1-bit RGB PNG").arg(h.bitDepth);
    case 3: return QString("%1-bit palette PNG").arg(h.bitDepth);
    case 4: return QString("%1-bit grayscale PNG with alpha").arg(h.bitDepth);
    case 6: return QString("%1-bit RGBA PNG").arg(h.bitDepth);
    default: return QString("PNG of unknown colour type %1").arg(h.colourType);
    }
}

int bytesPerPixel(const PngHeader& h)
{
    return h.colourType == 2 ? 3 : h.bitDepth / 8;
}

// Layout first, then size; deflate cannot expand a byte into more than 1032, so a small file that
// claims a huge image is refused before Qt allocates it.
bool checkPngHeader(const PngHeader& h, qint64 fileBytes, QString* error)
{
    const bool gray = h.colourType == 0 && (h.bitDepth == 8 || h.bitDepth == 16);
    const bool rgb = h.colourType == 2 && h.bitDepth == 8;
    if (!gray && !rgb) {
        *error = QString("unsupported PNG layout: %1 (a heightmap PNG must be 8- or 16-bit grayscale, or 8-bit RGB with equal channels)")
                     .arg(layoutName(h));
        return false;
    }
    return checkRasterSize("PNG", h.width, h.height, error)
           && checkPlausibleSize("PNG", h.width, h.height, bytesPerPixel(h), fileBytes, kMaxDeflateExpansion, error);
}

// libpng allocates a chunk's claimed length before reading it (up to 2 GiB from a file of a few
// bytes; fuzz_png found it), so every chunk up to IEND must fit in the file before libpng starts.
bool checkChunks(QIODevice& device, QString* error)
{
    const qint64 size = device.size();
    qint64 at = kPngSignatureSize;
    bool fits = true;
    while (at + 8 <= size && device.seek(at)) {
        const QByteArray head = device.read(8);
        const qint64 length = head.size() == 8 ? bigEndian32(head, 0) : -1;
        if (length < 0 || length > size - at - 12) {
            *error = QString("truncated or damaged PNG: chunk '%1' claims %2 bytes, %3 remain")
                         .arg(QString::fromLatin1(head.mid(4, 4)).toHtmlEscaped()).arg(length).arg(std::max<qint64>(size - at - 12, 0));
            fits = false;
            break;
        }
        if (head.mid(4, 4) == "IEND") break;
        at += 12 + length;
    }
    device.seek(0);
    return fits;
}

// Qt refuses images above a global allocation limit (128 MiB in Qt 6.4); a 16384² heightmap is
// legal here and larger, so the limit is raised (never lowered) to what this one may need. Qt
// checks before it knows the pixel format it will decode to, at up to 4 bytes a pixel for 8-bit
// images (an 8-bit 8000² failed at 128 MiB: measured) and 8 for 16-bit ones.
void allowAllocation(const PngHeader& h)
{
    const qint64 checkedBytesPerPixel = h.bitDepth == 16 ? 8 : 4;
    const qint64 megabytes = qint64{h.width} * h.height * checkedBytesPerPixel / (1024 * 1024) + 1;
    if (QImageReader::allocationLimit() != 0 && megabytes > QImageReader::allocationLimit())
        QImageReader::setAllocationLimit(static_cast<int>(megabytes));
}

// Copies pixels; for colour pixels only when the channels agree (else the luminance would be a guess).
bool copyPixels(const QImage& image, FloatField& out, QString* error)
{
    for (int y = 0; y < image.height(); ++y) {
        const uchar* line = image.constScanLine(y);
        for (int x = 0; x < image.width(); ++x) {
            if (image.format() == QImage::Format_Grayscale8) {
                out(x, y) = line[x];
            } else if (image.format() == QImage::Format_Grayscale16) {
                out(x, y) = reinterpret_cast<const quint16*>(line)[x];
            } else {
                const QRgb p = reinterpret_cast<const QRgb*>(line)[x];
                if (qRed(p) != qGreen(p) || qRed(p) != qBlue(p)) {
                    *error = QString("colour PNG: pixel (%1, %2) is not gray (r=%3 g=%4 b=%5); save the heightmap as grayscale")
                                 .arg(x).arg(y).arg(qRed(p)).arg(qGreen(p)).arg(qBlue(p));
                    return false;
                }
                out(x, y) = static_cast<float>(qRed(p));
            }
        }
    }
    return true;
}

bool expectedFormat(const PngHeader& h, QImage::Format f)
{
    if (h.colourType == 2) return f == QImage::Format_RGB32 || f == QImage::Format_ARGB32;
    return f == (h.bitDepth == 16 ? QImage::Format_Grayscale16 : QImage::Format_Grayscale8);
}

// The range the writer recorded in text chunks (PngWriter.h), if both ends are there and valid.
std::optional<HeightRange> embeddedRange(const QImage& image)
{
    const std::optional<double> low = parseExactDouble(image.text(kPngMinKey).toStdString());
    const std::optional<double> high = parseExactDouble(image.text(kPngMaxKey).toStdString());
    QString ignored;
    return low && high ? checkedHeightRange(*low, *high, &ignored) : std::nullopt;
}

// Qt reports an image it could not allocate as bad data ("Unable to read image data"). When what
// the read needs (the decoded image at the width Qt checks, then the samples) is more than the
// process may still allocate, that was the reason: say so rather than call the file damaged.
QString decodeFailure(const PngHeader& h, const QImageReader& reader)
{
    const std::uint64_t pixels = std::uint64_t{h.width} * h.height;
    const std::uint64_t needed = pixels * (h.bitDepth == 16 ? 8 : 4) + pixels * sizeof(float);
    const std::optional<std::uint64_t> available = MemoryBudget::availableBytes();
    if (available && needed > *available)
        return QString("not enough memory to decode the PNG: its %1×%2 pixels need about %3")
            .arg(h.width).arg(h.height).arg(QString::fromStdString(MemoryBudget::gigabytesText(needed)));
    return "cannot decode the PNG: " + reader.errorString();
}

} // namespace

std::optional<SampleRaster> readPng(QIODevice& device, QString* error)
{
    const std::optional<PngHeader> header = readPngHeader(device, error);
    if (!header || !checkPngHeader(*header, device.size(), error) || !checkChunks(device, error)) return std::nullopt;
    allowAllocation(*header);
    QImageReader reader(&device, "png");
    const QImage image = reader.read();
    if (image.isNull()) {
        *error = decodeFailure(*header, reader);
        return std::nullopt;
    }
    if (!expectedFormat(*header, image.format())) {
        *error = QString("unsupported PNG: %1 decoded to an unexpected pixel format (%2)").arg(layoutName(*header)).arg(image.format());
        return std::nullopt;
    }
    SampleRaster raster{FloatField(image.width(), image.height()), header->bitDepth, layoutName(*header), embeddedRange(image)};
    if (!copyPixels(image, raster.samples, error)) return std::nullopt;
    return raster;
}

} // namespace rb::io
