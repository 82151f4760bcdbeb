#include "io/raster/TiffFile.h"

#include "io/raster/RasterChecks.h"
#include "io/transaction/AtomicFile.h"

#include <QBuffer>

#include <tiffio.h>

#include <cstdarg>
#include <cstdio>
#include <cstring>
#include <limits>
#include <memory>
#include <vector>

namespace rb::io {
namespace {

constexpr tmsize_t kMaxSingleAllocation = tmsize_t{1} << 30; // a 16384² float32 raster
constexpr qint64 kMaxTileBytes = qint64{1} << 26;

// libtiff reads and writes through a QIODevice (a file or a memory buffer).
QIODevice& deviceOf(thandle_t handle)
{
    return *static_cast<QIODevice*>(handle);
}

tmsize_t readProc(thandle_t handle, void* data, tmsize_t size)
{
    return deviceOf(handle).read(static_cast<char*>(data), size);
}

tmsize_t writeProc(thandle_t handle, void* data, tmsize_t size)
{
    return deviceOf(handle).write(static_cast<const char*>(data), size);
}

toff_t seekProc(thandle_t handle, toff_t offset, int whence)
{
    QIODevice& device = deviceOf(handle);
    const qint64 base = whence == SEEK_CUR ? device.pos() : whence == SEEK_END ? device.size() : 0;
    const qint64 target = base + static_cast<qint64>(offset);
    if (target < 0 || !device.seek(target)) return static_cast<toff_t>(-1);
    return static_cast<toff_t>(target);
}

int closeProc(thandle_t)
{
    return 0;
}

toff_t sizeProc(thandle_t handle)
{
    return static_cast<toff_t>(deviceOf(handle).size());
}

int mapProc(thandle_t, void**, toff_t*)
{
    return 0; // no memory mapping: libtiff reads through readProc
}

void unmapProc(thandle_t, void*, toff_t) {}

// Keeps libtiff's first error message (warnings are dropped): it is reported with the file name
// instead of being printed to stderr.
int collectError(TIFF*, void* userData, const char* module, const char* format, va_list arguments)
{
    QString& message = *static_cast<QString*>(userData);
    if (!message.isEmpty()) return 1;
    char text[512];
    std::vsnprintf(text, sizeof text, format, arguments);
    message = QString("%1: %2").arg(module ? module : "libtiff", text);
    return 1;
}

int dropWarning(TIFF*, void*, const char*, const char*, va_list)
{
    return 1;
}

struct TiffCloser {
    void operator()(TIFF* tif) const { TIFFClose(tif); }
};
using TiffHandle = std::unique_ptr<TIFF, TiffCloser>;

TiffHandle openTiff(QIODevice& device, const char* mode, QString& libtiffError)
{
    TIFFOpenOptions* options = TIFFOpenOptionsAlloc();
    TIFFOpenOptionsSetMaxSingleMemAlloc(options, kMaxSingleAllocation);
    TIFFOpenOptionsSetErrorHandlerExtR(options, collectError, &libtiffError);
    TIFFOpenOptionsSetWarningHandlerExtR(options, dropWarning, nullptr);
    TIFF* tif = TIFFClientOpenExt("riverbed", mode, &device, readProc, writeProc, seekProc, closeProc, sizeProc, mapProc, unmapProc, options);
    TIFFOpenOptionsFree(options);
    return TiffHandle(tif);
}

// ---- writing

void setWriteTags(TIFF* tif, const ExportImage& image)
{
    const auto samples = static_cast<uint16_t>(image.channels.size());
    TIFFSetField(tif, TIFFTAG_IMAGEWIDTH, static_cast<uint32_t>(image.width()));
    TIFFSetField(tif, TIFFTAG_IMAGELENGTH, static_cast<uint32_t>(image.height()));
    TIFFSetField(tif, TIFFTAG_SAMPLESPERPIXEL, samples);
    TIFFSetField(tif, TIFFTAG_BITSPERSAMPLE, uint16_t{32});
    TIFFSetField(tif, TIFFTAG_SAMPLEFORMAT, uint16_t{SAMPLEFORMAT_IEEEFP});
    TIFFSetField(tif, TIFFTAG_PLANARCONFIG, uint16_t{PLANARCONFIG_CONTIG});
    TIFFSetField(tif, TIFFTAG_PHOTOMETRIC, uint16_t{PHOTOMETRIC_MINISBLACK});
    TIFFSetField(tif, TIFFTAG_COMPRESSION, uint16_t{COMPRESSION_ADOBE_DEFLATE});
    TIFFSetField(tif, TIFFTAG_PREDICTOR, uint16_t{PREDICTOR_FLOATINGPOINT});
    if (samples > 1) {
        std::vector<uint16_t> extra(samples - 1u, uint16_t{EXTRASAMPLE_UNSPECIFIED});
        TIFFSetField(tif, TIFFTAG_EXTRASAMPLES, static_cast<uint16_t>(extra.size()), extra.data());
    }
    TIFFSetField(tif, TIFFTAG_ROWSPERSTRIP, TIFFDefaultStripSize(tif, 0));
    TIFFSetField(tif, TIFFTAG_IMAGEDESCRIPTION, QString("Riverbed %1").arg(image.layer).toUtf8().constData());
}

// The predictor rewrites the buffer it is given, so every row is a fresh copy.
bool writeRows(TIFF* tif, const ExportImage& image)
{
    std::vector<float> row(static_cast<std::size_t>(image.width()) * image.channels.size());
    for (int y = 0; y < image.height(); ++y) {
        std::size_t at = 0;
        for (int x = 0; x < image.width(); ++x)
            for (const FloatField& channel : image.channels) row[at++] = channel(x, y);
        if (TIFFWriteScanline(tif, row.data(), static_cast<uint32_t>(y), 0) < 0) return false;
    }
    return true;
}

// ---- reading

struct Layout {
    uint32_t width = 0, height = 0;
    uint16_t samples = 1, bits = 1, format = SAMPLEFORMAT_UINT, compression = COMPRESSION_NONE, photometric = PHOTOMETRIC_MINISBLACK;
    int bytes() const { return bits / 8; }
    bool isFloat() const { return format == SAMPLEFORMAT_IEEEFP; }
};

Layout readLayout(TIFF* tif)
{
    Layout l;
    TIFFGetField(tif, TIFFTAG_IMAGEWIDTH, &l.width);
    TIFFGetField(tif, TIFFTAG_IMAGELENGTH, &l.height);
    TIFFGetFieldDefaulted(tif, TIFFTAG_SAMPLESPERPIXEL, &l.samples);
    TIFFGetFieldDefaulted(tif, TIFFTAG_BITSPERSAMPLE, &l.bits);
    TIFFGetFieldDefaulted(tif, TIFFTAG_SAMPLEFORMAT, &l.format);
    TIFFGetFieldDefaulted(tif, TIFFTAG_COMPRESSION, &l.compression);
    if (!TIFFGetField(tif, TIFFTAG_PHOTOMETRIC, &l.photometric)) l.photometric = PHOTOMETRIC_MINISBLACK;
    return l;
}

QString sampleName(const Layout& l)
{
    const char* kind = l.format == SAMPLEFORMAT_IEEEFP ? "float" : l.format == SAMPLEFORMAT_INT ? "signed integer" : "unsigned integer";
    return QString("%1-bit %2").arg(l.bits).arg(kind);
}

// The most one compressed byte can expand to (deflate stops at 1032, PackBits at 128; LZW is
// bounded generously).
qint64 tiffMaxExpansion(uint16_t compression)
{
    switch (compression) {
    case COMPRESSION_NONE: return 1;
    case COMPRESSION_PACKBITS: return 128;
    case COMPRESSION_ADOBE_DEFLATE:
    case COMPRESSION_DEFLATE: return 1032;
    default: return 4096;
    }
}

bool checkLayout(const Layout& l, qint64 fileBytes, QString* error)
{
    const bool supportedSample = (l.isFloat() && (l.bits == 32 || l.bits == 64)) || (l.format == SAMPLEFORMAT_UINT && (l.bits == 8 || l.bits == 16));
    const bool supportedCompression = l.compression == COMPRESSION_NONE || l.compression == COMPRESSION_LZW || l.compression == COMPRESSION_ADOBE_DEFLATE
                                      || l.compression == COMPRESSION_DEFLATE || l.compression == COMPRESSION_PACKBITS;
    if (!checkRasterSize("TIFF", l.width, l.height, error)) return false;
    if (l.samples != 1) {
        *error = QString("unsupported TIFF: %1 samples per pixel (a heightmap has one)").arg(l.samples);
    } else if (!supportedSample) {
        *error = QString("unsupported TIFF bit depth or sample format: %1 (supported: 32/64-bit float, 8/16-bit unsigned)").arg(sampleName(l));
    } else if (l.photometric != PHOTOMETRIC_MINISBLACK) {
        *error = QString("unsupported TIFF photometric interpretation %1 (a heightmap is black-is-zero grayscale)").arg(l.photometric);
    } else if (!supportedCompression) {
        *error = QString("unsupported TIFF compression %1 (supported: none, LZW, deflate, PackBits)").arg(l.compression);
    } else {
        return checkPlausibleSize("TIFF", l.width, l.height, l.bytes(), fileBytes, tiffMaxExpansion(l.compression), error);
    }
    return false;
}

// One sample in native byte order (libtiff has swapped it); out-of-range doubles become infinite
// so that the finiteness check reports them (converting them to float would be undefined).
float sampleAt(const unsigned char* bytes, const Layout& l)
{
    switch (l.bits) {
    case 8: return bytes[0];
    case 16: {
        uint16_t v;
        std::memcpy(&v, bytes, 2);
        return v;
    }
    case 32: {
        float v;
        std::memcpy(&v, bytes, 4);
        return v;
    }
    default: {
        double v;
        std::memcpy(&v, bytes, 8);
        return std::abs(v) <= std::numeric_limits<float>::max() ? static_cast<float>(v) : std::numeric_limits<float>::infinity();
    }
    }
}

void copyRun(const unsigned char* bytes, const Layout& l, FloatField& out, int x0, int y, int count)
{
    for (int i = 0; i < count; ++i) out(x0 + i, y) = sampleAt(bytes + static_cast<std::size_t>(i) * static_cast<std::size_t>(l.bytes()), l);
}

bool readStrips(TIFF* tif, const Layout& l, FloatField& out)
{
    const uint64_t lineBytes = TIFFScanlineSize64(tif);
    if (lineBytes < static_cast<uint64_t>(l.width) * static_cast<uint64_t>(l.bytes())) return false;
    std::vector<unsigned char> line(lineBytes);
    for (uint32_t y = 0; y < l.height; ++y) {
        if (TIFFReadScanline(tif, line.data(), y, 0) < 0) return false;
        copyRun(line.data(), l, out, 0, static_cast<int>(y), static_cast<int>(l.width));
    }
    return true;
}

bool readTiles(TIFF* tif, const Layout& l, FloatField& out, QString* error)
{
    uint32_t tileWidth = 0, tileHeight = 0;
    TIFFGetField(tif, TIFFTAG_TILEWIDTH, &tileWidth);
    TIFFGetField(tif, TIFFTAG_TILELENGTH, &tileHeight);
    const uint64_t tileBytes = TIFFTileSize64(tif);
    if (tileWidth == 0 || tileHeight == 0 || tileBytes > static_cast<uint64_t>(kMaxTileBytes)
        || tileBytes < uint64_t{tileWidth} * tileHeight * static_cast<uint64_t>(l.bytes())) {
        *error = QString("unsupported TIFF tiles of %1x%2").arg(tileWidth).arg(tileHeight);
        return false;
    }
    std::vector<unsigned char> tile(tileBytes);
    for (uint32_t ty = 0; ty < l.height; ty += tileHeight)
        for (uint32_t tx = 0; tx < l.width; tx += tileWidth) {
            if (TIFFReadTile(tif, tile.data(), tx, ty, 0, 0) < 0) return false;
            const uint32_t columns = std::min(tileWidth, l.width - tx);
            for (uint32_t r = 0; r < tileHeight && ty + r < l.height; ++r)
                copyRun(tile.data() + std::size_t{r} * tileWidth * static_cast<std::size_t>(l.bytes()), l, out, static_cast<int>(tx),
                        static_cast<int>(ty + r), static_cast<int>(columns));
        }
    return true;
}

std::optional<SampleRaster> tiffReadOpened(TIFF* tif, qint64 fileBytes, const QString& libtiffError, QString* error)
{
    const Layout l = readLayout(tif);
    if (!checkLayout(l, fileBytes, error)) return std::nullopt;
    SampleRaster raster{FloatField(static_cast<int>(l.width), static_cast<int>(l.height)), l.isFloat() ? 0 : l.bits,
                        QString("%1 TIFF").arg(sampleName(l)), std::nullopt};
    QString tileError;
    const bool read = TIFFIsTiled(tif) ? readTiles(tif, l, raster.samples, &tileError) : readStrips(tif, l, raster.samples);
    if (!read) {
        *error = !tileError.isEmpty() ? tileError : QString("cannot decode the TIFF (damaged or truncated?): %1").arg(libtiffError);
        return std::nullopt;
    }
    if (l.isFloat() && !checkFinite(raster.samples, "the TIFF", error)) return std::nullopt;
    return raster;
}

} // namespace

QByteArray encodeTiff(const ExportImage& image)
{
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::ReadWrite);
    QString libtiffError;
    TiffHandle tif = openTiff(buffer, "w", libtiffError);
    if (!tif) return {};
    setWriteTags(tif.get(), image);
    const bool written = writeRows(tif.get(), image) && TIFFFlush(tif.get());
    tif.reset();
    return written ? bytes : QByteArray();
}

bool writeTiff(const QString& path, const ExportImage& image, QString* error)
{
    const QByteArray bytes = encodeTiff(image);
    if (bytes.isEmpty()) {
        *error = path + ": cannot encode the TIFF";
        return false;
    }
    return writeFileAtomically(path, bytes, error);
}

std::optional<SampleRaster> readTiff(QIODevice& device, QString* error)
{
    QString libtiffError;
    const TiffHandle tif = openTiff(device, "rm", libtiffError);
    if (!tif) {
        *error = QString("cannot read the TIFF (damaged or truncated?): %1").arg(libtiffError);
        return std::nullopt;
    }
    return tiffReadOpened(tif.get(), device.size(), libtiffError, error);
}

} // namespace rb::io
