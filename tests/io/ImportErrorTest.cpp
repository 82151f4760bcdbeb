// Every class of bad input the issue lists, in every format where it can occur, gets its own
// message naming the file. Files are forged by hand (TestFiles.h) or by patching good ones.
#include "AllocationProbe.h"
#include "GeoTiffMaker.h"
#include "TestFiles.h"

#include "io/export/LayerExport.h"
#include "io/import/HeightmapReader.h"
#include "io/import/MapImport.h"
#include "io/raster/ExrFile.h"
#include "io/raster/R16File.h"

#include <QFile>
#include <QTemporaryDir>

#include <ImfChannelList.h>
#include <ImfFrameBuffer.h>
#include <ImfHeader.h>
#include <ImfOutputFile.h>

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <numbers>

namespace rb {
namespace {

using test::littleEndian;
using test::tiffBytes;
using test::writeBytes;

constexpr quint16 kUnsigned = 1, kSigned = 2, kFloat = 3;

class ImportErrors : public ::testing::Test {
protected:
    QString path(const QString& name) const { return dir_.filePath(name); }

    // Writes the bytes and returns the reader's message (the read must fail and name the file).
    std::string refusal(const QString& name, const QByteArray& bytes, const io::HeightmapRequest& request = {})
    {
        writeBytes(path(name), bytes);
        return refusalOf(path(name), request);
    }

    std::string refusalOf(const QString& file, const io::HeightmapRequest& request = {})
    {
        QString error;
        EXPECT_FALSE(io::readHeightmap(file, request, &error)) << file.toStdString() << " was accepted";
        EXPECT_TRUE(error.startsWith(file + ": ")) << error.toStdString();
        return error.toStdString();
    }

    QByteArray exrOf(const FloatField& values)
    {
        io::ExportImage image;
        image.layer = "terrain";
        image.channels = {values};
        image.channelNames = {"R"};
        return io::encodeExr(image);
    }

    QTemporaryDir dir_;
};

#define EXPECT_CONTAINS(text, part) EXPECT_NE((text).find(part), std::string::npos) << (text)

// The data window's four 32-bit values (xMin, yMin, xMax, yMax) in an EXR file's header.
qsizetype dataWindowAt(const QByteArray& exr)
{
    const QByteArray attribute("dataWindow\0box2i\0\x10\0\0\0", 21); // name, type, size 16
    const qsizetype at = exr.indexOf(attribute);
    EXPECT_GT(at, 0);
    return at + attribute.size();
}

QByteArray floats(int count, float value)
{
    QByteArray out;
    for (int i = 0; i < count; ++i) out += littleEndian<float>({value});
    return out;
}

// ---- wrong size for .r16

TEST_F(ImportErrors, R16OfTheWrongSize)
{
    const QByteArray levels = littleEndian<quint16>({1, 2, 3, 4, 5, 6});
    EXPECT_CONTAINS(refusal("six.r16", levels), "wrong size for .r16: 6 levels do not make a square; give the size (--size WxH)");
    EXPECT_CONTAINS(refusal("odd.r16", levels + "x"), "wrong size for .r16: 13 bytes is not a whole number of 16-bit levels");
    io::HeightmapRequest twoByTwo;
    twoByTwo.raster.rawSize = io::GridSize{2, 2};
    EXPECT_CONTAINS(refusal("long.r16", levels, twoByTwo), "wrong size for .r16: 12 bytes, but 2x2 needs 8");
    // The right size reads: 3 columns, 2 rows, little-endian, row after row.
    io::HeightmapRequest threeByTwo;
    threeByTwo.raster.rawSize = io::GridSize{3, 2};
    writeBytes(path("ok.r16"), levels);
    QString error;
    const std::optional<io::Heightmap> h = io::readHeightmap(path("ok.r16"), threeByTwo, &error);
    ASSERT_TRUE(h) << error.toStdString();
    EXPECT_EQ(h->metres(2, 0), 3.0f);
    EXPECT_EQ(h->metres(0, 1), 4.0f);
}

// ---- NaN / Inf heights

TEST_F(ImportErrors, NonFiniteHeights)
{
    FloatField values(4, 3, 1.0f);
    values(2, 1) = std::numeric_limits<float>::quiet_NaN();
    EXPECT_CONTAINS(refusal("nan.exr", exrOf(values)), "the EXR holds a value that is not finite (NaN or Inf) at column 2, row 1");
    values(2, 1) = 0.0f;
    values(0, 2) = -std::numeric_limits<float>::infinity();
    EXPECT_CONTAINS(refusal("inf.exr", exrOf(values)), "not finite (NaN or Inf) at column 0, row 2");
    QByteArray data = floats(6, 2.0f);
    data.replace(4 * 4, 4, littleEndian<float>({std::numeric_limits<float>::infinity()}));
    EXPECT_CONTAINS(refusal("inf.tif", tiffBytes(3, 2, 32, kFloat, 1, data)), "the TIFF holds a value that is not finite (NaN or Inf) at column 1, row 1");
    QByteArray doubles = littleEndian<double>({1.0, 1e300});
    EXPECT_CONTAINS(refusal("big.tif", tiffBytes(2, 1, 64, kFloat, 1, doubles)), "not finite (NaN or Inf) at column 1, row 0");
}

// ---- unsupported bit depth / sample type

TEST_F(ImportErrors, UnsupportedBitDepths)
{
    EXPECT_CONTAINS(refusal("u32.tif", tiffBytes(2, 2, 32, kUnsigned, 1, QByteArray(16, '\1'))),
                    "unsupported TIFF bit depth or sample format: 32-bit unsigned integer");
    EXPECT_CONTAINS(refusal("i16.tif", tiffBytes(2, 2, 16, kSigned, 1, QByteArray(8, '\1'))),
                    "unsupported TIFF bit depth or sample format: 16-bit signed integer");
    EXPECT_CONTAINS(refusal("f16.tif", tiffBytes(2, 2, 16, kFloat, 1, QByteArray(8, '\1'))), "16-bit float");
    EXPECT_CONTAINS(refusal("rg.tif", tiffBytes(2, 2, 32, kFloat, 2, floats(8, 1.0f))), "unsupported TIFF: 2 samples per pixel");
    EXPECT_CONTAINS(refusal("white.tif", tiffBytes(2, 2, 8, kUnsigned, 1, QByteArray(4, '\1'), 0)), "photometric interpretation 0");
    QByteArray jpeg = tiffBytes(2, 2, 8, kUnsigned, 1, QByteArray(4, '\1'));
    jpeg[8 + 2 + 3 * 12 + 8] = 7; // the Compression entry's value: JPEG
    EXPECT_CONTAINS(refusal("jpeg.tif", jpeg), "unsupported TIFF compression 7");
    // An EXR channel of 32-bit unsigned integers.
    Imf::Header header(3, 2);
    header.channels().insert("R", Imf::Channel(Imf::UINT));
    std::vector<unsigned> levels(6, 9);
    Imf::FrameBuffer frame;
    frame.insert("R", Imf::Slice(Imf::UINT, reinterpret_cast<char*>(levels.data()), sizeof(unsigned), 3 * sizeof(unsigned)));
    {
        Imf::OutputFile out(path("uint.exr").toStdString().c_str(), header);
        out.setFrameBuffer(frame);
        out.writePixels(2);
    }
    EXPECT_CONTAINS(refusalOf(path("uint.exr")), "unsupported EXR channel 'R': 32-bit unsigned integers");
}

// HALF channels are read (every half is exact in a float) and TIFF integers are levels.
TEST_F(ImportErrors, HalfExrAndIntegerTiffAreAccepted)
{
    Imf::Header header(2, 2);
    header.channels().insert("Y", Imf::Channel(Imf::HALF));
    std::vector<unsigned short> halves = {0x3C00, 0x4000, 0xC200, 0x0001}; // 1, 2, −3, the smallest subnormal
    Imf::FrameBuffer frame;
    frame.insert("Y", Imf::Slice(Imf::HALF, reinterpret_cast<char*>(halves.data()), 2, 4));
    {
        Imf::OutputFile out(path("half.exr").toStdString().c_str(), header);
        out.setFrameBuffer(frame);
        out.writePixels(2);
    }
    QString error;
    const std::optional<io::Heightmap> h = io::readHeightmap(path("half.exr"), io::HeightmapRequest{}, &error);
    ASSERT_TRUE(h) << error.toStdString();
    EXPECT_EQ(h->metres(1, 0), 2.0f);
    EXPECT_EQ(h->metres(0, 1), -3.0f);
    EXPECT_EQ(h->metres(1, 1), std::ldexp(1.0f, -24));
    writeBytes(path("u16.tif"), tiffBytes(2, 1, 16, kUnsigned, 1, littleEndian<quint16>({0, 65535})));
    const std::optional<io::Heightmap> t = io::readHeightmap(path("u16.tif"), io::HeightRange{-10, 10}, &error);
    ASSERT_TRUE(t) << error.toStdString();
    EXPECT_EQ(t->description, "16-bit unsigned integer TIFF");
    EXPECT_EQ(t->metres(0, 0), -10.0f);
    EXPECT_EQ(t->metres(1, 0), 10.0f);
}

// Found by fuzz_exr: a channel name that is not UTF-8 must still find its channel (names are bytes).
TEST_F(ImportErrors, ExrChannelNamesThatAreNotUtf8)
{
    const char name[] = "terra\xffn";
    Imf::Header header(2, 1);
    header.channels().insert(name, Imf::Channel(Imf::FLOAT));
    std::vector<float> values = {1.5f, -2.5f};
    Imf::FrameBuffer frame;
    frame.insert(name, Imf::Slice(Imf::FLOAT, reinterpret_cast<char*>(values.data()), 4, 8));
    {
        Imf::OutputFile out(path("odd-name.exr").toStdString().c_str(), header);
        out.setFrameBuffer(frame);
        out.writePixels(1);
    }
    QString error;
    const std::optional<io::Heightmap> h = io::readHeightmap(path("odd-name.exr"), io::HeightmapRequest{}, &error);
    ASSERT_TRUE(h) << error.toStdString();
    EXPECT_EQ(h->metres(1, 0), -2.5f);
}

// ---- zero size

TEST_F(ImportErrors, ZeroSize)
{
    EXPECT_CONTAINS(refusal("empty.r16", QByteArray()), "the file is empty");
    EXPECT_CONTAINS(refusal("empty.tif", QByteArray()), "the file is empty");
    const std::string zeroTiff = refusal("zero.tif", tiffBytes(0, 3, 32, kFloat, 1, QByteArray()));
    EXPECT_CONTAINS(zeroTiff, "cannot read the TIFF"); // libtiff itself refuses the directory ...
    EXPECT_CONTAINS(zeroTiff, "zero");                 // ... and says why
    QByteArray exr = exrOf(FloatField(3, 2, 1.0f));
    exr.replace(dataWindowAt(exr) + 8, 4, littleEndian<qint32>({-1})); // xMax below xMin
    // OpenEXR's core library refuses the empty window itself, before our own size check.
    EXPECT_CONTAINS(refusal("zero.exr", exr), "truncated or damaged EXR header: Invalid data window (0, 0 - -1, 1)");
    io::HeightmapRequest zero;
    zero.raster.rawSize = io::GridSize{0, 4};
    EXPECT_CONTAINS(refusal("zero.r16", littleEndian<quint16>({1, 2}), zero), ".r16 has zero size (0x4)");
}

// ---- above 16384 on a side: refused from the header, before anything of that size exists

TEST_F(ImportErrors, DimensionsAboveTheLimit)
{
    test::resetLargestAllocation();
    EXPECT_CONTAINS(refusal("wide.tif", tiffBytes(20000, 2, 32, kFloat, 1, floats(8, 1.0f))), "TIFF is 20000x2, above the limit of 16384 per side");
    QByteArray exr = exrOf(FloatField(3, 2, 1.0f));
    exr.replace(dataWindowAt(exr) + 8, 4, littleEndian<qint32>({19999})); // xMax
    EXPECT_CONTAINS(refusal("wide.exr", exr), "EXR is 20000x2, above the limit of 16384 per side");
    io::HeightmapRequest huge;
    huge.raster.rawSize = io::GridSize{20000, 20000};
    EXPECT_CONTAINS(refusal("huge.r16", littleEndian<quint16>({1, 2}), huge), ".r16 is 20000x20000, above the limit of 16384 per side");
    EXPECT_LT(test::largestAllocation(), std::size_t{1} << 20);
}

// The OpenEXR 3.1 C++ library reads a known attribute's own size whatever the file claims, and
// allocates the claimed size of others (up to 2 GiB) before reading them; the two can fall out of
// step. The core library's strict header check refuses any claim that disagrees with the type.
TEST_F(ImportErrors, ExrAttributeSizesAreCheckedBeforeOpenExrSeesThem)
{
    QByteArray exr = exrOf(FloatField(3, 2, 1.0f));
    const qsizetype size = exr.indexOf(QByteArray("compression\0compression\0", 24)) + 24;
    ASSERT_GT(size, 24);
    exr.replace(size, 4, littleEndian<qint32>({0x7ffffff0}));
    test::resetLargestAllocation();
    EXPECT_CONTAINS(refusal("claims.exr", exr), "truncated or damaged EXR header: Attribute 'compression': Invalid size 2147483632 (exp 'compression' size 1)");
    EXPECT_LT(test::largestAllocation(), std::size_t{1} << 20);
}

// ---- truncated files

TEST_F(ImportErrors, TruncatedFiles)
{
    test::resetLargestAllocation();
    // Legal dimensions the file cannot fill are refused from its size alone.
    EXPECT_CONTAINS(refusal("short.tif", tiffBytes(16384, 16384, 32, kFloat, 1, floats(8, 1.0f))),
                    "truncated or damaged TIFF: 166 bytes cannot hold a 16384x16384 image");
    EXPECT_LT(test::largestAllocation(), std::size_t{1} << 20);
    const QByteArray tiff = tiffBytes(8, 8, 32, kFloat, 1, floats(64, 1.5f));
    EXPECT_CONTAINS(refusal("cut.tif", tiff.left(tiff.size() - 40)), "cannot decode the TIFF (damaged or truncated?)");
    FloatField noise(64, 64);
    for (std::size_t i = 0; i < noise.size(); ++i) noise[i] = static_cast<float>((i * 7919) % 1000) * 0.37f;
    const QByteArray exr = exrOf(noise);
    EXPECT_CONTAINS(refusal("cut.exr", exr.left(exr.size() * 3 / 4)), "cannot read the EXR (damaged or truncated?)");
    EXPECT_CONTAINS(refusal("head.exr", exr.left(30)), "truncated or damaged EXR header: Attribute 'channels', type 'chlist': Invalid size 19");
    EXPECT_CONTAINS(refusal("names.exr", exr.left(12)), "truncated or damaged EXR header");
    io::HeightmapRequest size;
    size.raster.rawSize = io::GridSize{4, 4};
    EXPECT_CONTAINS(refusal("cut.r16", QByteArray(20, '\0'), size), "truncated .r16: 20 bytes present, 32 expected for 4x4");
}

// The messages of the classes differ from each other (a user can tell what is wrong).
TEST_F(ImportErrors, EachClassHasItsOwnMessage)
{
    io::HeightmapRequest big;
    big.raster.rawSize = io::GridSize{20000, 2};
    io::HeightmapRequest cut;
    cut.raster.rawSize = io::GridSize{4, 4};
    FloatField nan(2, 2, 0.0f);
    nan(1, 1) = std::numeric_limits<float>::quiet_NaN();
    const std::string messages[] = {
        refusal("a.r16", littleEndian<quint16>({1, 2, 3})),
        refusal("b.exr", exrOf(nan)),
        refusal("c.tif", tiffBytes(2, 2, 32, kUnsigned, 1, QByteArray(16, '\1'))),
        refusal("d.r16", QByteArray()),
        refusal("e.r16", littleEndian<quint16>({1, 2}), big),
        refusal("f.r16", QByteArray(20, '\0'), cut),
    };
    const char* classes[] = {"wrong size", "not finite", "bit depth", "empty", "above the limit", "truncated"};
    for (std::size_t i = 0; i < std::size(messages); ++i)
        for (std::size_t j = 0; j < std::size(classes); ++j)
            EXPECT_EQ(messages[i].find(classes[j]) != std::string::npos, i == j) << messages[i] << " / " << classes[j];
}


// ---- georeferenced rasters that one scale or a north-up grid cannot describe

class GeoImportErrors : public ImportErrors {
protected:
    // A flat GeoTIFF imported through GDAL; the import must fail and name the file.
    std::string geoRefusal(const QString& name, int w, int h, const std::array<double, 6>& geoTransform, int epsg)
    {
        test::GeoTiffSpec spec;
        spec.geoTransform = geoTransform;
        spec.epsg = epsg;
        test::writeTestGeoTiff(path(name), w, h, spec, [](int, int) { return 10.0; });
        QString error;
        EXPECT_FALSE(io::importMap(path(name), io::ImportOptions{}, &error)) << name.toStdString() << " was accepted";
        EXPECT_TRUE(error.startsWith(path(name) + ": ")) << error.toStdString();
        return error.toStdString();
    }
};

// Web Mercator from 30°N to about 70°N: the ground scale at the edges is 40% off the centre's.
TEST_F(GeoImportErrors, MercatorTooTallForOneScaleIsRefusedWithAHint)
{
    const double south = 6378137.0 * std::log(std::tan(std::numbers::pi / 4 + std::numbers::pi / 12)); // y of 30°N
    const std::string north = geoRefusal("merc.tif", 100, 100, {0.0, 80000.0, 0.0, south + 100 * 80000.0, 0.0, -80000.0}, 3857);
    EXPECT_CONTAINS(north, "Mercator projection spanning latitudes 30..");
    EXPECT_CONTAINS(north, "gdalwarp -t_srs EPSG:326NN");
    const std::string southern = geoRefusal("merc-south.tif", 100, 100, {0.0, 80000.0, 0.0, -south, 0.0, -80000.0}, 3857);
    EXPECT_CONTAINS(southern, "gdalwarp -t_srs EPSG:327NN");
}

// The hint names the UTM zones of the raster's own hemisphere.
TEST_F(GeoImportErrors, GeographicHintNamesTheHemisphere)
{
    const std::string south = geoRefusal("south.tif", 40, 140, {10.0, 0.5, 0.0, -10.0, 0.0, -0.5}, 4326);
    EXPECT_CONTAINS(south, "geographic CRS (degrees) spanning latitudes -80..-10");
    EXPECT_CONTAINS(south, "gdalwarp -t_srs EPSG:327NN");
    EXPECT_CONTAINS(geoRefusal("north.tif", 40, 140, {10.0, 0.5, 0.0, 80.0, 0.0, -0.5}, 4326), "gdalwarp -t_srs EPSG:326NN");
}

// Only rounding noise counts as north up: a real rotation or shear is still refused.
TEST_F(GeoImportErrors, RotatedGeotransformsAreRefused)
{
    for (const std::array<double, 6> gt : {std::array<double, 6>{500000.0, 30.0, 1e-6, 5000000.0, 0.0, -30.0},
                                           std::array<double, 6>{500000.0, 25.98, 15.0, 5000000.0, 15.0, -25.98}})
        EXPECT_CONTAINS(geoRefusal("rotated.tif", 8, 8, gt, 32632), "rotated or sheared geotransform; make it north-up first");
}

} // namespace
} // namespace rb
