#include "FileLayout.h"
#include "TestFiles.h"
#include "TestMaps.h"

#include "io/export/LayerExport.h"
#include "io/raster/NpyFile.h"
#include "io/raster/RasterWriter.h"
#include "io/raster/SampleRaster.h"

#include <QFile>
#include <QImage>
#include <QTemporaryDir>

#include <gtest/gtest.h>

#include <bit>
#include <cstring>

namespace rb {
namespace {

MapState wetState(LatticeKind kind)
{
    MapState state = test::randomMap(kind, 10, 8, 4).state;
    state.depth.fill(0.0f);
    state.depth(2, 3) = 1.5f;
    state.depth(7, 1) = 0.25f;
    return state;
}

FloatField readBack(const QString& path)
{
    return test::readRasterSamples(path);
}

TEST(LayerExport, SurfaceIsBedPlusDepthWhereWet)
{
    const MapState state = wetState(LatticeKind::Square);
    const FloatField surface = io::layerOnLattice(state, io::Layer::WaterSurface);
    for (int y = 0; y < 8; ++y)
        for (int x = 0; x < 10; ++x) {
            const float expected = state.depth(x, y) > 0.0f ? state.bed(x, y) + state.depth(x, y) : state.bed(x, y);
            ASSERT_EQ(surface(x, y), expected);
        }
    EXPECT_NE(surface(2, 3), state.bed(2, 3));
}

TEST(LayerExport, SquareLayersReadBackBitForBit)
{
    QTemporaryDir dir;
    const MapState state = wetState(LatticeKind::Square);
    QString error;
    for (io::Layer layer : {io::Layer::Terrain, io::Layer::WaterDepth, io::Layer::WaterSurface}) {
        const QString path = dir.filePath(QString::fromUtf8(io::layerName(layer).data()) + ".NPY"); // extension case does not matter
        ASSERT_TRUE(io::exportLayer(state, layer, path, &error)) << error.toStdString();
        const FloatField back = readBack(path);
        const FloatField expected = io::layerOnLattice(state, layer);
        ASSERT_EQ(back.width(), 10);
        ASSERT_EQ(back.height(), 8);
        EXPECT_EQ(std::memcmp(back.data(), expected.data(), expected.size() * sizeof(float)), 0);
    }
}

// What numpy needs: version 1.0, the preamble padded to 64 bytes, shape (rows, columns), C order,
// little-endian float32 with the north-west value first.
TEST(LayerExport, NpyLayoutIsWhatNumpyReads)
{
    FloatField raster(3, 2);
    raster(0, 0) = 1.5f;
    raster(2, 1) = -2.0f;
    const QByteArray bytes = io::encodeNpy(raster);
    ASSERT_TRUE(bytes.startsWith(QByteArray("\x93NUMPY\x01\x00", 8)));
    const int headerLength = static_cast<unsigned char>(bytes[8]) | (static_cast<unsigned char>(bytes[9]) << 8);
    EXPECT_EQ((10 + headerLength) % 64, 0);
    EXPECT_EQ(bytes.size(), 10 + headerLength + 6 * 4);
    const QByteArray header = bytes.mid(10, headerLength);
    EXPECT_TRUE(header.startsWith("{'descr': '<f4', 'fortran_order': False, 'shape': (2, 3), }")) << header.toStdString();
    EXPECT_TRUE(header.endsWith(" \n") || header.endsWith("}\n"));
    const auto floatAt = [&bytes](qsizetype offset) { return std::bit_cast<float>(test::getU32(bytes, static_cast<std::size_t>(offset))); };
    EXPECT_EQ(floatAt(10 + headerLength), 1.5f);
    EXPECT_EQ(floatAt(bytes.size() - 4), -2.0f);
}

TEST(LayerExport, TriangleMapsExportOnARasterOfTheSameExtent)
{
    QTemporaryDir dir;
    MapState state = wetState(LatticeKind::Triangle);
    const Lattice& l = state.lattice;
    for (int y = 0; y < l.height(); ++y)
        for (int x = 0; x < l.width(); ++x) {
            const WorldPoint p = l.worldPosition(x, y);
            state.bed(x, y) = static_cast<float>(2.0 * p.x + 0.5 * p.y);
        }
    const QString path = dir.filePath("t.npy");
    QString error;
    ASSERT_TRUE(io::exportLayer(state, io::Layer::Terrain, path, &error)) << error.toStdString();
    const FloatField back = readBack(path);
    EXPECT_EQ(back.width(), 10);
    EXPECT_EQ(back.height(), 7); // round(8 · √3/2) = round(6.93)
    // Interior pixels carry the plane at their centre, in the lattice's world rectangle.
    for (int j = 1; j < back.height() - 1; ++j)
        for (int i = 1; i < back.width() - 1; ++i) {
            const double px = (i + 0.5) * l.worldWidth() / back.width(), py = (j + 0.5) * l.worldHeight() / back.height();
            ASSERT_NEAR(back(i, j), 2.0 * px + 0.5 * py, 1e-4) << i << "," << j;
        }
}

TEST(LayerExport, UnknownExtensionsAreRefusedByName)
{
    QTemporaryDir dir;
    const MapState state = wetState(LatticeKind::Square);
    QString error;
    const QString jpg = dir.filePath("terrain.jpg");
    EXPECT_FALSE(io::exportLayer(state, io::Layer::Terrain, jpg, &error));
    EXPECT_EQ(error, jpg + ": unknown extension '.jpg' (supported: .npy, .png, .r16, .raw, .exr, .tif, .tiff)");
    EXPECT_FALSE(QFile::exists(jpg));
    EXPECT_FALSE(io::exportLayer(state, io::Layer::Terrain, dir.filePath("terrain"), &error));
    EXPECT_TRUE(error.contains("no extension")) << error.toStdString();
    EXPECT_FALSE(io::exportLayer(state, io::Layer::Terrain, dir.filePath("no/such/dir/t.npy"), &error));
    EXPECT_TRUE(error.contains("no/such/dir/t.npy")) << error.toStdString();
}

// The dye layer: each channel's concentration d/h as one of four channels (0 where dry or where the
// map has no such channel), read back exactly from float files and within half a level from the
// 8-bit RGBA PNG, whose alpha is channel 3.
TEST(LayerExport, DyeIsFourChannelsOfConcentration)
{
    QTemporaryDir dir;
    MapState state = wetState(LatticeKind::Square);
    state.dye.assign(2, FloatField(10, 8));
    state.dyeLedgers.resize(2);
    state.dye[0](2, 3) = 0.75f * 1.5f;  // c = 0.75
    state.dye[1](7, 1) = 0.25f * 0.25f; // c = 0.25
    state.dye[1](2, 3) = 1.5f;          // c = 1
    ASSERT_EQ(state.validate(), "");
    QString error;
    const QString npy = dir.filePath("dye.npy");
    ASSERT_TRUE(io::exportLayer(state, io::Layer::Dye, npy, &error)) << error.toStdString();
    QFile file(npy);
    ASSERT_TRUE(file.open(QIODevice::ReadOnly));
    const QByteArray bytes = file.readAll();
    const int headerLength = static_cast<unsigned char>(bytes[8]) | (static_cast<unsigned char>(bytes[9]) << 8);
    EXPECT_TRUE(bytes.mid(10, headerLength).contains("'shape': (8, 10, 4)")) << bytes.mid(10, headerLength).toStdString();
    const auto channel = [&](int c, int x, int y) {
        return std::bit_cast<float>(test::getU32(bytes, static_cast<std::size_t>(10 + headerLength + ((y * 10 + x) * 4 + c) * 4)));
    };
    EXPECT_EQ(channel(0, 2, 3), 0.75f);
    EXPECT_EQ(channel(1, 7, 1), 0.25f);
    EXPECT_EQ(channel(1, 2, 3), 1.0f);
    EXPECT_EQ(channel(2, 2, 3), 0.0f); // no channel 2
    EXPECT_EQ(channel(0, 0, 0), 0.0f); // dry
    ASSERT_TRUE(io::exportLayer(state, io::Layer::Dye, dir.filePath("dye.exr"), &error)) << error.toStdString();
    const io::ExportImage image = io::layerImage(state, io::Layer::Dye, io::ExportSettings{});
    ASSERT_EQ(image.channels.size(), 4u);
    EXPECT_EQ(image.channels[0](2, 3), 0.75f);
    const QString png = dir.filePath("dye.png");
    ASSERT_TRUE(io::exportLayer(state, io::Layer::Dye, png, &error)) << error.toStdString();
    const QImage read(png);
    ASSERT_EQ(read.format(), QImage::Format_ARGB32); // Qt reads an 8-bit RGBA PNG as ARGB32
    const QRgb wet = read.pixel(2, 3), other = read.pixel(7, 1), dry = read.pixel(0, 0);
    EXPECT_EQ(qRed(wet), 191);   // 0.75 · 255
    EXPECT_EQ(qGreen(wet), 255);
    EXPECT_EQ(qBlue(wet), 0);
    EXPECT_EQ(qAlpha(wet), 0);   // channel 3 absent
    EXPECT_EQ(qGreen(other), 64); // 0.25 · 255
    EXPECT_EQ(dry, qRgba(0, 0, 0, 0));
}

TEST(LayerExport, LayerNamesRoundTrip)
{
    for (io::Layer layer : io::allLayers()) EXPECT_EQ(io::parseLayer(io::layerName(layer)), layer);
    EXPECT_EQ(io::allLayers().size(), 10u);
    EXPECT_FALSE(io::parseLayer("depth"));
}

// Integer formats cannot hold what they cannot quantise, and say so before anything is written.
TEST(LayerExport, RequestsAreCheckedBeforeWriting)
{
    const io::ExportSettings none;
    EXPECT_TRUE(io::exportRequestProblem(io::Layer::FlowMap, "f.png", none).isEmpty());
    EXPECT_EQ(io::exportRequestProblem(io::Layer::FlowMap, "f.r16", none), "f.r16: .r16 holds one channel; the flowmap has two (use .png, .exr, .tif or .npy)");
    EXPECT_TRUE(io::exportRequestProblem(io::Layer::Velocity, "v.png", none).contains("needs a float format"));
    EXPECT_TRUE(io::exportRequestProblem(io::Layer::Mask, "m.r16", none).isEmpty());
    EXPECT_EQ(io::exportRequestProblem(io::Layer::Dye, "d.r16", none), "d.r16: .r16 holds one channel; the dye has four (use .png, .exr, .tif or .npy)");
    EXPECT_TRUE(io::exportRequestProblem(io::Layer::Dye, "d.png", none).isEmpty());
    io::ExportSettings badSize;
    badSize.size = 1;
    EXPECT_FALSE(io::exportSettingsProblem(badSize).isEmpty());
    badSize.size = 300;
    EXPECT_TRUE(io::exportSettingsProblem(badSize).isEmpty());
    badSize.flowBits = 12;
    EXPECT_FALSE(io::exportSettingsProblem(badSize).isEmpty());
}

// Without an engine, --size N gives N×N pixels over the map's world rectangle.
TEST(LayerExport, SizeResamplesOverTheWorldRectangle)
{
    MapState state(Lattice(LatticeKind::Square, 20, 10, 3.0));
    for (int y = 0; y < 10; ++y)
        for (int x = 0; x < 20; ++x) state.bed(x, y) = static_cast<float>(5.0 + 0.5 * state.lattice.worldPosition(x, y).x);
    io::ExportSettings settings;
    settings.size = 16;
    const io::ExportImage image = io::layerImage(state, io::Layer::Terrain, settings);
    ASSERT_EQ(image.width(), 16);
    ASSERT_EQ(image.height(), 16);
    const io::ExportGrid grid = io::exportGrid(state.lattice, settings);
    EXPECT_DOUBLE_EQ(grid.stepX, 60.0 / 16);
    for (int i = 1; i < 15; ++i) EXPECT_NEAR(image.channels[0](i, 7), 5.0 + 0.5 * (i + 0.5) * 60.0 / 16, 1e-4) << i;
}

} // namespace
} // namespace rb
