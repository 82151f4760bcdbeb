#include "AllocationProbe.h"
#include "TestFiles.h"

#include "io/import/HeightmapReader.h"
#include "io/raster/NpyFile.h"

#include <QFile>
#include <QImage>
#include <QTemporaryDir>

#include <gtest/gtest.h>
#include <zlib.h>

#include <cmath>
#include <limits>

namespace rb {
namespace {

using test::littleEndian;
using test::npyBytes;
using test::writeBytes;

class HeightmapReader : public ::testing::Test {
protected:
    QString path(const QString& name) const { return dir_.filePath(name); }

    QString savedImage(const QImage& image, const QString& name) const
    {
        const QString p = path(name);
        EXPECT_TRUE(image.save(p, "PNG"));
        return p;
    }

    // The file's error message (the read must fail).
    std::string refusal(const QString& file, std::optional<io::HeightRange> range = std::nullopt) const
    {
        QString error;
        EXPECT_FALSE(io::readHeightmap(file, range, &error)) << file.toStdString() << " was accepted";
        EXPECT_TRUE(error.startsWith(file + ": ")) << error.toStdString();
        return error.toStdString();
    }

    io::Heightmap accepted(const QString& file, std::optional<io::HeightRange> range = std::nullopt) const
    {
        QString error;
        std::optional<io::Heightmap> h = io::readHeightmap(file, range, &error);
        EXPECT_TRUE(h) << error.toStdString();
        return h ? *h : io::Heightmap{};
    }

    QTemporaryDir dir_;
};

bool readerContains(const std::string& text, const std::string& part)
{
    return text.find(part) != std::string::npos;
}

// Distinct value per pixel, so a transposed or flipped read cannot pass.
int pattern(int x, int y, int modulus)
{
    return (x * 7 + y * 31 + x * y) % modulus;
}

TEST_F(HeightmapReader, Gray8PngReadsOneMetrePerLevelNorthRowFirst)
{
    QImage image(13, 9, QImage::Format_Grayscale8);
    for (int y = 0; y < 9; ++y)
        for (int x = 0; x < 13; ++x) image.scanLine(y)[x] = static_cast<uchar>(pattern(x, y, 256));
    const io::Heightmap h = accepted(savedImage(image, "g8.png"));
    ASSERT_EQ(h.metres.width(), 13);
    ASSERT_EQ(h.metres.height(), 9);
    for (int y = 0; y < 9; ++y)
        for (int x = 0; x < 13; ++x) ASSERT_EQ(h.metres(x, y), static_cast<float>(pattern(x, y, 256)));
    EXPECT_EQ(h.description, "8-bit grayscale PNG");
    EXPECT_EQ(h.range, (io::HeightRange{0, 255}));
    EXPECT_EQ(h.rangeOrigin, "default");
}

QImage gray16(int width, int height)
{
    QImage image(width, height, QImage::Format_Grayscale16);
    for (int y = 0; y < height; ++y)
        for (int x = 0; x < width; ++x) reinterpret_cast<quint16*>(image.scanLine(y))[x] = static_cast<quint16>(pattern(x, y, 65536) * 37 % 65536);
    reinterpret_cast<quint16*>(image.scanLine(0))[0] = 65535;
    reinterpret_cast<quint16*>(image.scanLine(0))[1] = 0;
    return image;
}

TEST_F(HeightmapReader, Gray16PngMapsOntoTheGivenRange)
{
    const QImage image = gray16(11, 7);
    const QString file = savedImage(image, "g16.png");
    const io::Heightmap h = accepted(file, io::HeightRange{-100.0, 900.0});
    EXPECT_EQ(h.description, "16-bit grayscale PNG");
    EXPECT_EQ(h.rangeOrigin, "--height-range");
    EXPECT_EQ(h.metres(0, 0), 900.0f);
    EXPECT_EQ(h.metres(1, 0), -100.0f);
    for (int y = 0; y < 7; ++y)
        for (int x = 0; x < 11; ++x) {
            const double v = reinterpret_cast<const quint16*>(image.constScanLine(y))[x];
            ASSERT_EQ(h.metres(x, y), static_cast<float>(-100.0 + 1000.0 * v / 65535.0));
        }
    // The default is one metre per level, exactly.
    const io::Heightmap identity = accepted(file);
    EXPECT_EQ(identity.metres(0, 0), 65535.0f);
    EXPECT_EQ(identity.metres(5, 3), static_cast<float>(reinterpret_cast<const quint16*>(image.constScanLine(3))[5]));
}

// Sizes up to the documented 16384 per side read whatever Qt's own image allocation limit
// (128–256 MiB by default, which an 8-bit 8000² or a 16-bit 16384×1024 image passes on decoding).
TEST_F(HeightmapReader, LargeLegalPngsAreRead)
{
    struct Case {
        int width, height;
        QImage::Format format;
    };
    for (const Case c : {Case{8000, 8000, QImage::Format_Grayscale8}, Case{16384, 1024, QImage::Format_Grayscale16}}) {
        SCOPED_TRACE(std::to_string(c.width) + "x" + std::to_string(c.height));
        QImage image(c.width, c.height, c.format);
        const int levels = c.format == QImage::Format_Grayscale8 ? 256 : 65536;
        for (int y = 0; y < c.height; ++y) {
            uchar* line = image.scanLine(y);
            for (int x = 0; x < c.width; ++x) {
                const int v = pattern(x, y, levels);
                if (c.format == QImage::Format_Grayscale8) line[x] = static_cast<uchar>(v);
                else reinterpret_cast<quint16*>(line)[x] = static_cast<quint16>(v);
            }
        }
        const QString file = savedImage(image, "large.png");
        image = QImage(); // keep the peak memory to what the reader needs
        const io::Heightmap h = accepted(file);
        ASSERT_EQ(h.metres.width(), c.width);
        ASSERT_EQ(h.metres.height(), c.height);
        for (const auto& [x, y] : {std::pair{0, 0}, std::pair{c.width - 1, 0}, std::pair{c.width / 2, c.height - 1}, std::pair{c.width - 1, c.height - 1}})
            EXPECT_EQ(h.metres(x, y), static_cast<float>(pattern(x, y, levels))) << x << "," << y;
    }
}

TEST_F(HeightmapReader, SidecarGivesTheDefaultRangeAndTheOptionOverridesIt)
{
    const QString file = savedImage(gray16(4, 4), "s.png");
    writeBytes(io::sidecarPath(file), R"({"min": 10, "max": 20, "note": "ignored"})");
    const io::Heightmap fromSidecar = accepted(file);
    EXPECT_EQ(fromSidecar.range, (io::HeightRange{10, 20}));
    EXPECT_EQ(fromSidecar.rangeOrigin, file + ".json");
    EXPECT_EQ(fromSidecar.metres(0, 0), 20.0f);
    EXPECT_EQ(fromSidecar.metres(1, 0), 10.0f);
    const io::Heightmap overridden = accepted(file, io::HeightRange{0, 1});
    EXPECT_EQ(overridden.metres(0, 0), 1.0f);
}

TEST_F(HeightmapReader, BadSidecarIsReportedByName)
{
    const QString file = savedImage(gray16(4, 4), "bad.png");
    writeBytes(io::sidecarPath(file), R"({"min": 10})");
    QString error;
    EXPECT_FALSE(io::readHeightmap(file, std::nullopt, &error));
    EXPECT_TRUE(error.startsWith(file + ".json: ")) << error.toStdString();
    EXPECT_TRUE(error.contains("'max' is missing")) << error.toStdString();
    writeBytes(io::sidecarPath(file), R"({"min": 10, "max": 5})");
    EXPECT_FALSE(io::readHeightmap(file, std::nullopt, &error));
    EXPECT_TRUE(error.contains("LO < HI")) << error.toStdString();
}

// A chunk inserted right after IHDR (which ends at byte 33), with its CRC.
QByteArray withChunk(const QByteArray& png, const QByteArray& type, const QByteArray& data)
{
    QByteArray chunk;
    const auto bigEndian = [&chunk](quint32 v) {
        for (int i = 3; i >= 0; --i) chunk.append(static_cast<char>((v >> (8 * i)) & 0xFF));
    };
    bigEndian(static_cast<quint32>(data.size()));
    const QByteArray body = type + data;
    chunk.append(body);
    bigEndian(static_cast<quint32>(crc32(0L, reinterpret_cast<const Bytef*>(body.constData()), static_cast<uInt>(body.size()))));
    return png.left(33) + chunk + png.mid(33);
}

// Levels are heights, not colours: gamma and colour-space chunks must not change them.
TEST_F(HeightmapReader, GammaAndColourSpaceChunksDoNotChangeLevels)
{
    const QString plain = savedImage(gray16(9, 6), "plain.png");
    QFile f(plain);
    ASSERT_TRUE(f.open(QIODevice::ReadOnly));
    const QByteArray bytes = f.readAll();
    writeBytes(path("gamma.png"), withChunk(bytes, "gAMA", QByteArray("\x00\x00\x27\x10", 4))); // gamma 0.1
    writeBytes(path("srgb.png"), withChunk(bytes, "sRGB", QByteArray("\x00", 1)));
    const io::Heightmap reference = accepted(plain);
    for (const char* name : {"gamma.png", "srgb.png"}) {
        const io::Heightmap h = accepted(path(name));
        EXPECT_TRUE(h.metres == reference.metres) << name;
    }
}

// Found by fuzz_png: libpng allocates a chunk's claimed length (up to 2 GiB) before reading it.
TEST_F(HeightmapReader, ChunkLengthsMustFitTheFile)
{
    QFile f(savedImage(gray16(9, 6), "plain.png"));
    ASSERT_TRUE(f.open(QIODevice::ReadOnly));
    QByteArray forged = withChunk(f.readAll(), "tEXt", QByteArray("key\0value", 9));
    forged.replace(33, 4, QByteArray("\x7f\xff\xff\xf0", 4)); // the inserted chunk's length
    writeBytes(path("claims.png"), forged);
    EXPECT_TRUE(readerContains(refusal(path("claims.png")), "truncated or damaged PNG: chunk 'tEXt' claims 2147483632 bytes"));
}

TEST_F(HeightmapReader, GrayRgbIsAcceptedColourIsNot)
{
    QImage image(5, 4, QImage::Format_RGB32);
    for (int y = 0; y < 4; ++y)
        for (int x = 0; x < 5; ++x) image.setPixel(x, y, qRgb(pattern(x, y, 256), pattern(x, y, 256), pattern(x, y, 256)));
    const io::Heightmap h = accepted(savedImage(image, "rgb.png"));
    EXPECT_EQ(h.description, "8-bit RGB PNG");
    EXPECT_EQ(h.metres(3, 2), static_cast<float>(pattern(3, 2, 256)));
    image.setPixel(3, 2, qRgb(10, 11, 10));
    EXPECT_TRUE(readerContains(refusal(savedImage(image, "colour.png")), "pixel (3, 2) is not gray"));
}

TEST_F(HeightmapReader, OtherPngLayoutsAreRefusedByName)
{
    QImage alpha(4, 4, QImage::Format_ARGB32);
    alpha.fill(qRgba(5, 5, 5, 128));
    EXPECT_TRUE(readerContains(refusal(savedImage(alpha, "alpha.png")), "unsupported PNG layout: 8-bit RGBA PNG"));
    QImage palette(4, 4, QImage::Format_Indexed8);
    palette.setColorTable({qRgb(0, 0, 0), qRgb(9, 9, 9)});
    palette.fill(1);
    EXPECT_TRUE(readerContains(refusal(savedImage(palette, "palette.png")), "palette PNG"));
    QImage deep(4, 4, QImage::Format_RGBX64);
    deep.fill(Qt::gray);
    EXPECT_TRUE(readerContains(refusal(savedImage(deep, "rgb16.png")), "unsupported PNG layout: 16-bit RGB"));
}

// Forges the IHDR size of a valid PNG: the reader must stop before decoding a single pixel.
TEST_F(HeightmapReader, PngSizeIsCheckedBeforeDecoding)
{
    QImage image(4, 4, QImage::Format_Grayscale8);
    image.fill(7);
    const QString file = savedImage(image, "small.png");
    QFile f(file);
    ASSERT_TRUE(f.open(QIODevice::ReadOnly));
    QByteArray bytes = f.readAll();
    const auto setSize = [&](quint32 w, quint32 h) {
        for (int i = 0; i < 4; ++i) {
            bytes[16 + i] = static_cast<char>((w >> (24 - 8 * i)) & 0xFF);
            bytes[20 + i] = static_cast<char>((h >> (24 - 8 * i)) & 0xFF);
        }
    };
    setSize(100000, 100000);
    writeBytes(path("huge.png"), bytes);
    test::resetLargestAllocation();
    EXPECT_TRUE(readerContains(refusal(path("huge.png")), "PNG is 100000x100000, above the limit of 16384 per side"));
    EXPECT_LT(test::largestAllocation(), std::size_t{1} << 20);
    setSize(0, 4);
    writeBytes(path("zero.png"), bytes);
    EXPECT_TRUE(readerContains(refusal(path("zero.png")), "zero size"));
}

TEST_F(HeightmapReader, DamagedAndForeignFilesAreRefused)
{
    QImage image(64, 64, QImage::Format_Grayscale16);
    image.fill(Qt::gray);
    const QString file = savedImage(image, "cut.png");
    QFile f(file);
    ASSERT_TRUE(f.open(QIODevice::ReadOnly));
    const QByteArray bytes = f.readAll();
    writeBytes(path("cut2.png"), bytes.left(bytes.size() / 2));
    EXPECT_TRUE(readerContains(refusal(path("cut2.png")), "truncated or damaged PNG: chunk 'IDAT' claims"));
    // A chunk that fits but whose data is garbage reaches libpng, which refuses it.
    QByteArray garbled = bytes;
    garbled[bytes.indexOf("IDAT") + 8] = '\x55';
    writeBytes(path("garbled.png"), garbled);
    EXPECT_TRUE(readerContains(refusal(path("garbled.png")), "cannot decode the PNG"));
    writeBytes(path("header-only.png"), bytes.left(20));
    EXPECT_TRUE(readerContains(refusal(path("header-only.png")), "truncated or damaged PNG header"));
    writeBytes(path("text.png"), "just some text");
    EXPECT_TRUE(readerContains(refusal(path("text.png")), "unsupported format"));
    QImage jpeg(8, 8, QImage::Format_RGB32);
    jpeg.fill(Qt::gray);
    ASSERT_TRUE(jpeg.save(path("photo.jpg"), "JPEG"));
    EXPECT_TRUE(readerContains(refusal(path("photo.jpg")), "unsupported format"));
    writeBytes(path("empty.npy"), "");
    EXPECT_TRUE(readerContains(refusal(path("empty.npy")), "empty"));
    EXPECT_TRUE(readerContains(refusal(path("missing.png")), "cannot open"));
}

TEST_F(HeightmapReader, NpyFloat32IsReadBitForBit)
{
    FloatField field(6, 4);
    for (int y = 0; y < 4; ++y)
        for (int x = 0; x < 6; ++x) field(x, y) = static_cast<float>(pattern(x, y, 1000)) * 0.37f - 50.0f;
    field(5, 3) = -0.0f;
    writeBytes(path("f4.npy"), io::encodeNpy(field));
    const io::Heightmap h = accepted(path("f4.npy"));
    EXPECT_EQ(h.description, "float32 .npy");
    EXPECT_FALSE(h.range);
    EXPECT_EQ(std::memcmp(h.metres.data(), field.data(), field.size() * sizeof(float)), 0);
}

TEST_F(HeightmapReader, NpyFloat64AndUint16AreRead)
{
    writeBytes(path("f8.npy"), npyBytes("{'descr': '<f8', 'fortran_order': False, 'shape': (2, 3), }",
                                        littleEndian<double>({0.5, -1.25, 3.0, 1e6, 2.0, -7.0})));
    const io::Heightmap f8 = accepted(path("f8.npy"));
    EXPECT_EQ(f8.metres.width(), 3);
    EXPECT_EQ(f8.metres.height(), 2);
    EXPECT_EQ(f8.metres(1, 0), -1.25f);
    EXPECT_EQ(f8.metres(0, 1), 1e6f); // row-major: the second row starts with the fourth value
    // Version 2.0 header, keys in another order, double quotes, no trailing comma.
    writeBytes(path("u2.npy"), npyBytes("{\"shape\": (2, 2), \"fortran_order\": False, \"descr\": \"<u2\"}",
                                        littleEndian<quint16>({0, 1, 65535, 300}), 2));
    const io::Heightmap u2 = accepted(path("u2.npy"), io::HeightRange{0.0, 65535.0 * 2});
    EXPECT_EQ(u2.description, "uint16 .npy");
    EXPECT_EQ(u2.metres(0, 1), 131070.0f);
    EXPECT_EQ(u2.metres(1, 1), 600.0f);
}

TEST_F(HeightmapReader, NpyHeadersOutsideTheSupportedSubsetAreRefused)
{
    const QByteArray four = littleEndian<float>({1, 2, 3, 4});
    const auto refuse = [&](const std::string& dict, const QByteArray& data, const std::string& phrase) {
        writeBytes(path("x.npy"), npyBytes(dict, data));
        EXPECT_TRUE(readerContains(refusal(path("x.npy")), phrase)) << dict;
    };
    refuse("{'descr': '<f4', 'fortran_order': True, 'shape': (2, 2), }", four, "Fortran");
    refuse("{'descr': '>f4', 'fortran_order': False, 'shape': (2, 2), }", four, "unsupported .npy dtype '>f4'");
    refuse("{'descr': '<i4', 'fortran_order': False, 'shape': (2, 2), }", four, "unsupported .npy dtype '<i4'");
    refuse("{'descr': '<f4', 'fortran_order': False, 'shape': (4,), }", four, "1 dimensions");
    refuse("{'descr': '<f4', 'fortran_order': False, 'shape': (1, 2, 2), }", four, "3 dimensions");
    refuse("{'descr': '<f4', 'fortran_order': False, 'shape': (0, 2), }", QByteArray(), "zero size");
    refuse("{'descr': '<f4', 'fortran_order': False, 'shape': (2, 3), }", four, "truncated .npy data: 16 bytes present, 24 expected");
    refuse("{'descr': '<f4', 'fortran_order': False, 'shape': (1, 3), }", four, "4 unexpected bytes after the array data");
    refuse("{'descr': '<f4', 'fortran_order': False, 'shape': (2, 2), 'x': 1}", four, "malformed .npy header");
    refuse("{'descr': '<f4', 'shape': (2, 2)}", four, "malformed .npy header: it must hold");
    refuse("{'descr': '<f4', 'fortran_order': __import__('os'), 'shape': (2, 2)}", four, "malformed .npy header");
    refuse("{'descr': '<f4', 'fortran_order': False, 'shape': (2, 2), 'shape': (2, 2)}", four, "malformed .npy header");
    refuse("{'descr': '<f4', 'fortran_order': False, 'shape': (2, -2)}", four, "malformed .npy header");
}

TEST_F(HeightmapReader, NpyValuesMustBeFiniteFloats)
{
    const std::string dict = "{'descr': '<f4', 'fortran_order': False, 'shape': (2, 2), }";
    writeBytes(path("nan.npy"), npyBytes(dict, littleEndian<float>({1, 2, std::numeric_limits<float>::quiet_NaN(), 4})));
    EXPECT_TRUE(readerContains(refusal(path("nan.npy")), "not a finite float32 (NaN, Inf or out of range) at column 0, row 1"));
    writeBytes(path("inf.npy"), npyBytes(dict, littleEndian<float>({1, std::numeric_limits<float>::infinity(), 3, 4})));
    EXPECT_TRUE(readerContains(refusal(path("inf.npy")), "at column 1, row 0"));
    writeBytes(path("big.npy"), npyBytes("{'descr': '<f8', 'fortran_order': False, 'shape': (1, 2), }", littleEndian<double>({1.0, 1e300})));
    EXPECT_TRUE(readerContains(refusal(path("big.npy")), "out of range) at column 1, row 0"));
}

TEST_F(HeightmapReader, NpySizesAreCheckedBeforeAllocation)
{
    writeBytes(path("huge.npy"), npyBytes("{'descr': '<f8', 'fortran_order': False, 'shape': (100000, 100000), }", QByteArray(64, '\0')));
    test::resetLargestAllocation();
    EXPECT_TRUE(readerContains(refusal(path("huge.npy")), "100000x100000, above the limit of 16384 per side"));
    // Legal dimensions the file cannot fill: refused from the file size alone.
    writeBytes(path("short.npy"), npyBytes("{'descr': '<f8', 'fortran_order': False, 'shape': (16384, 16384), }", QByteArray(64, '\0')));
    EXPECT_TRUE(readerContains(refusal(path("short.npy")), "truncated .npy data: 64 bytes present, 2147483648 expected"));
    EXPECT_LT(test::largestAllocation(), std::size_t{1} << 20);
    QByteArray lying = npyBytes("{'descr': '<f4', 'fortran_order': False, 'shape': (2, 2), }", littleEndian<float>({1, 2, 3, 4}));
    lying[8] = '\xff';
    lying[9] = '\x7f'; // header length 32767 in a file of 80 bytes
    writeBytes(path("lying.npy"), lying);
    EXPECT_TRUE(readerContains(refusal(path("lying.npy")), "truncated .npy header"));
    writeBytes(path("magic-only.npy"), QByteArray("\x93NUMPY", 6));
    EXPECT_TRUE(readerContains(refusal(path("magic-only.npy")), "truncated .npy header"));
}

TEST_F(HeightmapReader, FloatSourcesRefuseAHeightRange)
{
    writeBytes(path("f.npy"), io::encodeNpy(FloatField(2, 2, 1.0f)));
    EXPECT_TRUE(readerContains(refusal(path("f.npy"), io::HeightRange{0, 1}), "--height-range applies to integer images"));
}

TEST(HeightRange, ParsesLoHiStrictly)
{
    QString error;
    EXPECT_EQ(io::parseHeightRange("-20:1500.5", &error), (io::HeightRange{-20.0, 1500.5}));
    for (const char* bad : {"", "5", "1:2:3", "a:b", "10:5", "3:3", "0:inf", "nan:1", " :4"}) {
        EXPECT_FALSE(io::parseHeightRange(bad, &error)) << bad;
        EXPECT_FALSE(error.isEmpty());
    }
}

} // namespace
} // namespace rb
