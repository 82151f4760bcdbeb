#include "TestFiles.h"

#include "io/raster/RasterReader.h"

#include <QFile>

#include <gtest/gtest.h>

#include <stdexcept>

namespace rb::test {

void writeBytes(const QString& path, const QByteArray& bytes)
{
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(bytes) != bytes.size()) throw std::runtime_error("cannot write test file");
}

QByteArray readBytes(const QString& path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

FloatField readRasterSamples(const QString& path)
{
    QString error;
    std::optional<io::SampleRaster> raster = io::readSampleRaster(path, &error);
    EXPECT_TRUE(raster) << error.toStdString();
    return raster ? raster->samples : FloatField();
}

QByteArray npyBytes(const std::string& dict, const QByteArray& data, int majorVersion)
{
    const int lengthBytes = majorVersion == 1 ? 2 : 4;
    QByteArray header = QByteArray::fromStdString(dict);
    const qsizetype unpadded = 6 + 2 + lengthBytes + header.size() + 1;
    header.append(QByteArray((64 - unpadded % 64) % 64, ' ')).append('\n');
    QByteArray out("\x93NUMPY", 6);
    out.append(static_cast<char>(majorVersion)).append('\0');
    for (int i = 0; i < lengthBytes; ++i) out.append(static_cast<char>((header.size() >> (8 * i)) & 0xFF));
    return out + header + data;
}

namespace {

void putU16(QByteArray& out, quint16 v)
{
    out.append(static_cast<char>(v & 0xFF)).append(static_cast<char>(v >> 8));
}

void putU32(QByteArray& out, quint32 v)
{
    for (int i = 0; i < 4; ++i) out.append(static_cast<char>((v >> (8 * i)) & 0xFF));
}

// One IFD entry whose value fits in its 4-byte field: SHORT values (type 3) are left-justified,
// one or two of them; LONG (type 4) is one value.
void entry(QByteArray& out, quint16 tag, quint16 type, quint32 count, quint32 value, quint32 second = 0)
{
    putU16(out, tag);
    putU16(out, type);
    putU32(out, count);
    if (type == 3) {
        putU16(out, static_cast<quint16>(value));
        putU16(out, static_cast<quint16>(count > 1 ? second : 0));
    } else {
        putU32(out, value);
    }
}

} // namespace

QByteArray tiffBytes(quint32 width, quint32 height, quint16 bits, quint16 sampleFormat, quint16 samples, const QByteArray& data,
                     quint16 photometric)
{
    constexpr quint16 kEntries = 10;
    const quint32 dataOffset = 8 + 2 + kEntries * 12 + 4;
    QByteArray out("II");
    putU16(out, 42);
    putU32(out, 8);
    putU16(out, kEntries);
    entry(out, 256, 4, 1, width);                          // ImageWidth
    entry(out, 257, 4, 1, height);                         // ImageLength
    entry(out, 258, 3, samples, bits, bits);               // BitsPerSample
    entry(out, 259, 3, 1, 1);                              // Compression: none
    entry(out, 262, 3, 1, photometric);                    // PhotometricInterpretation
    entry(out, 273, 4, 1, dataOffset);                     // StripOffsets
    entry(out, 277, 3, 1, samples);                        // SamplesPerPixel
    entry(out, 278, 4, 1, height);                         // RowsPerStrip
    entry(out, 279, 4, 1, static_cast<quint32>(data.size())); // StripByteCounts
    entry(out, 339, 3, samples, sampleFormat, sampleFormat); // SampleFormat
    putU32(out, 0);                                        // no next IFD
    return out + data;
}

} // namespace rb::test
