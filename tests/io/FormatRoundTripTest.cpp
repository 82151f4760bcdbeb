#include "TestMaps.h"

#include "io/export/LayerExport.h"
#include "io/import/HeightmapReader.h"
#include "io/raster/ExrFile.h"

#include <QFile>
#include <QTemporaryDir>

#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <limits>

namespace rb {
namespace {

const io::Layer kHeightLayers[] = {io::Layer::Terrain, io::Layer::WaterDepth, io::Layer::WaterSurface};

QString nameOf(io::Layer layer)
{
    return QString::fromUtf8(io::layerName(layer).data(), static_cast<qsizetype>(io::layerName(layer).size()));
}

// What an export writes for a one-channel layer: the layer on its grid, before any quantisation.
FloatField written(const MapState& state, io::Layer layer, const io::ExportSettings& settings = {})
{
    return io::layerImage(state, layer, settings).channels.front();
}

io::Heightmap exportAndRead(const MapState& state, io::Layer layer, const QString& path, const io::ExportSettings& settings = {})
{
    QString error;
    EXPECT_TRUE(io::exportLayer(state, layer, path, settings, &error)) << error.toStdString();
    std::optional<io::Heightmap> back = io::readHeightmap(path, io::HeightmapRequest{}, &error);
    EXPECT_TRUE(back) << error.toStdString();
    return back ? *back : io::Heightmap{};
}

using test::sameBits;

class FloatFormats : public ::testing::TestWithParam<std::tuple<const char*, LatticeKind>> {};

// Float formats keep every bit: signed zeros, subnormals, values needing all nine digits (randomMap
// sprinkles them into the bed).
TEST_P(FloatFormats, RoundTripBitExact)
{
    const auto [extension, kind] = GetParam();
    QTemporaryDir dir;
    const MapState state = test::randomMap(kind, 14, 11, 21).state;
    for (io::Layer layer : kHeightLayers) {
        const QString path = dir.filePath(nameOf(layer) + "." + extension);
        const io::Heightmap back = exportAndRead(state, layer, path);
        EXPECT_TRUE(sameBits(back.metres, written(state, layer))) << path.toStdString();
        EXPECT_FALSE(back.range); // metres already: no range applied
    }
    if (kind == LatticeKind::Square) {
        EXPECT_TRUE(sameBits(written(state, io::Layer::Terrain), state.bed)); // unresampled
    }
}

INSTANTIATE_TEST_SUITE_P(Formats, FloatFormats,
                         ::testing::Combine(::testing::Values("exr", "tif", "npy"), ::testing::Values(LatticeKind::Square, LatticeKind::Triangle)),
                         [](const auto& info) {
                             return std::string(std::get<0>(info.param)) + "_" + std::string(latticeKindName(std::get<1>(info.param)));
                         });

// Within one quantisation step: rounding to the nearest level costs at most half a step, and the
// float the reader stores at most half an ulp of the value.
void expectWithinAStep(const FloatField& back, const FloatField& original, const io::HeightRange& range, const std::string& what)
{
    ASSERT_EQ(back.width(), original.width()) << what;
    ASSERT_EQ(back.height(), original.height()) << what;
    const double step = (range.high - range.low) / 65535.0;
    double worst = 0.0;
    for (std::size_t i = 0; i < original.size(); ++i) {
        const double error = std::abs(double{back[i]} - double{original[i]});
        const double ulp = std::abs(std::nextafter(original[i], std::numeric_limits<float>::infinity()) - original[i]);
        ASSERT_LE(error, step / 2 + ulp) << what << " at " << i;
        worst = std::max(worst, error);
    }
    EXPECT_GT(worst, 0.0) << what << ": quantisation should show somewhere";
}

class IntegerFormats : public ::testing::TestWithParam<std::tuple<const char*, LatticeKind>> {};

TEST_P(IntegerFormats, RoundTripWithinOneQuantisationStep)
{
    const auto [extension, kind] = GetParam();
    QTemporaryDir dir;
    const MapState state = test::randomMap(kind, 14, 11, 22).state;
    for (io::Layer layer : kHeightLayers) {
        const QString path = dir.filePath(nameOf(layer) + "." + extension);
        const io::Heightmap back = exportAndRead(state, layer, path);
        const FloatField original = written(state, layer);
        ASSERT_TRUE(back.range);
        EXPECT_EQ(back.rangeOrigin, path + ".json");
        EXPECT_EQ(*back.range, io::valueSpan(original)); // the sidecar holds the data's own span
        expectWithinAStep(back.metres, original, *back.range, path.toStdString());
    }
}

INSTANTIATE_TEST_SUITE_P(Formats, IntegerFormats,
                         ::testing::Combine(::testing::Values("png", "r16"), ::testing::Values(LatticeKind::Square, LatticeKind::Triangle)),
                         [](const auto& info) {
                             return std::string(std::get<0>(info.param)) + "_" + std::string(latticeKindName(std::get<1>(info.param)));
                         });

// A PNG separated from its sidecar still reads back in metres: the range is in its text chunks.
TEST(IntegerFormats, PngTextChunksStandInForALostSidecar)
{
    QTemporaryDir dir;
    const MapState state = test::randomMap(LatticeKind::Square, 12, 9, 23).state;
    const QString path = dir.filePath("t.png");
    const io::Heightmap withSidecar = exportAndRead(state, io::Layer::Terrain, path);
    ASSERT_TRUE(QFile::remove(path + ".json"));
    QString error;
    const std::optional<io::Heightmap> alone = io::readHeightmap(path, io::HeightmapRequest{}, &error);
    ASSERT_TRUE(alone) << error.toStdString();
    EXPECT_EQ(alone->rangeOrigin, "PNG text");
    EXPECT_EQ(alone->range, withSidecar.range);
    EXPECT_TRUE(alone->metres == withSidecar.metres);
}

// Heights of a flat map are all one level; the sidecar widens the span so they read back exactly.
TEST(IntegerFormats, FlatMapsReadBackExactly)
{
    QTemporaryDir dir;
    MapState state(Lattice(LatticeKind::Square, 6, 5, 1.0));
    state.bed.fill(42.25f);
    for (const char* name : {"flat.png", "flat.r16"}) {
        const io::Heightmap back = exportAndRead(state, io::Layer::Terrain, dir.filePath(name));
        EXPECT_TRUE(back.metres == state.bed) << name;
    }
}

TEST(IntegerFormats, MaskReadsBackAsZeroAndOne)
{
    QTemporaryDir dir;
    const MapState state = test::randomMap(LatticeKind::Square, 12, 9, 24).state; // 30% dry cells
    const io::Heightmap back = exportAndRead(state, io::Layer::Mask, dir.filePath("mask.png"));
    EXPECT_EQ(back.description, "8-bit grayscale PNG");
    for (std::size_t i = 0; i < state.depth.size(); ++i) ASSERT_EQ(back.metres[i], state.depth[i] > io::kWetDepth ? 1.0f : 0.0f) << i;
}

// Every layer in one EXR, each channel under its documented name and bit for bit.
TEST(AllLayersExr, HoldsEveryLayerUnderItsName)
{
    QTemporaryDir dir;
    const MapState state = test::randomMap(LatticeKind::Triangle, 12, 10, 25).state;
    const QString path = dir.filePath("all.exr");
    QString error;
    ASSERT_TRUE(io::writeExportImage(io::allLayersImage(state, {}), path, false, &error)) << error.toStdString();
    const auto channel = [&](const QString& name) {
        QFile file(path);
        EXPECT_TRUE(file.open(QIODevice::ReadOnly));
        std::optional<io::SampleRaster> raster = io::readExr(file, {name}, &error);
        EXPECT_TRUE(raster) << name.toStdString() << ": " << error.toStdString();
        EXPECT_TRUE(raster && raster->description.contains("'" + name + "'")) << name.toStdString();
        return raster ? raster->samples : FloatField();
    };
    for (io::Layer layer : {io::Layer::Terrain, io::Layer::WaterDepth, io::Layer::WaterSurface, io::Layer::Mask})
        EXPECT_TRUE(sameBits(channel(nameOf(layer)), written(state, layer))) << nameOf(layer).toStdString();
    const io::ExportImage velocity = io::layerImage(state, io::Layer::Velocity, {});
    EXPECT_TRUE(sameBits(channel("velocity.x"), velocity.channels[0]));
    EXPECT_TRUE(sameBits(channel("velocity.y"), velocity.channels[1]));
    const io::ExportImage flow = io::layerImage(state, io::Layer::FlowMap, {});
    EXPECT_TRUE(sameBits(channel("flowmap.R"), flow.channels[0]));
    EXPECT_TRUE(sameBits(channel("flowmap.G"), flow.channels[1]));
    // As a heightmap the file gives its terrain channel.
    const std::optional<io::Heightmap> heights = io::readHeightmap(path, io::HeightmapRequest{}, &error);
    ASSERT_TRUE(heights) << error.toStdString();
    EXPECT_TRUE(sameBits(heights->metres, written(state, io::Layer::Terrain)));
}

TEST(VelocityExport, TwoChannelsEastAndSouthInFloatFormatsOnly)
{
    QTemporaryDir dir;
    const MapState state = test::randomMap(LatticeKind::Square, 12, 9, 26).state;
    const QString path = dir.filePath("v.exr");
    QString error;
    ASSERT_TRUE(io::exportLayer(state, io::Layer::Velocity, path, io::ExportSettings{}, &error)) << error.toStdString();
    const io::VelocityField v = io::reconstructVelocity(state);
    QFile file(path);
    ASSERT_TRUE(file.open(QIODevice::ReadOnly));
    const std::optional<io::SampleRaster> south = io::readExr(file, {"G"}, &error);
    ASSERT_TRUE(south) << error.toStdString();
    EXPECT_TRUE(sameBits(south->samples, v.y));
    for (const char* name : {"v.png", "v.r16"}) {
        EXPECT_FALSE(io::exportLayer(state, io::Layer::Velocity, dir.filePath(name), io::ExportSettings{}, &error));
        EXPECT_TRUE(error.contains("needs a float format")) << error.toStdString();
        EXPECT_FALSE(QFile::exists(dir.filePath(name)));
    }
}

} // namespace
} // namespace rb
