#include "io/export/LayerExport.h"
#include "io/flow/VelocityField.h"
#include "io/raster/ExrFile.h"

#include <QBuffer>
#include <QFile>
#include <QImage>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>

#include <gtest/gtest.h>

namespace rb {
namespace {

constexpr int kDryColumns = 4; // the west columns of the test maps are dry

// Water 0.6 m deep flowing uniformly at (ux, uy) m/s, except the dry west columns.
MapState flowingState(LatticeKind kind, double ux, double uy)
{
    MapState state(Lattice(kind, 16, 12, 1.5));
    for (int y = 0; y < 12; ++y)
        for (int x = 0; x < 16; ++x) state.depth(x, y) = x < kDryColumns ? 0.0f : 0.6f;
    for (int f = 0; f < state.lattice.familyCount(); ++f) {
        const EdgeFamily& e = state.lattice.family(f);
        state.flows[static_cast<std::size_t>(f)].fill(static_cast<float>(0.6 * e.faceWidth * (ux * e.directionX + uy * e.directionY)));
    }
    return state;
}

QImage exportedPng(const MapState& state, const io::ExportSettings& settings, const QString& path)
{
    QString error;
    EXPECT_TRUE(io::exportLayer(state, io::Layer::FlowMap, path, settings, &error)) << error.toStdString();
    return QImage(path);
}

FloatField exrChannel(const QString& path, const QString& channel)
{
    QFile file(path);
    EXPECT_TRUE(file.open(QIODevice::ReadOnly));
    QString error;
    std::optional<io::SampleRaster> raster = io::readExr(file, {channel}, &error);
    EXPECT_TRUE(raster) << error.toStdString();
    return raster ? raster->samples : FloatField();
}

// Where a pixel's interpolation only sees wet (or only dry) lattice points: a cell and a half
// away from the wet/dry line.
enum class CellSide { Wet, Dry, Mixed };
CellSide sideOf(const MapState& state, const io::ExportGrid& grid, int i)
{
    const double x = grid.position(i, 0).x, edge = state.lattice.worldPosition(kDryColumns, 0).x;
    const double margin = 1.5 * state.lattice.cellSize();
    return x >= edge + margin ? CellSide::Wet : x <= edge - margin ? CellSide::Dry : CellSide::Mixed;
}

class EastwardFlowMap : public ::testing::TestWithParam<LatticeKind> {
protected:
    QTemporaryDir dir_;
};

// The issue's check: a uniform eastward flow has red above 0.5 and green exactly 0.5 wherever it
// is wet, and dry pixels are 0.5/0.5 (level 128 of 255: 0.5 rounded, see docs/export.md).
TEST_P(EastwardFlowMap, RedAboveHalfGreenHalfDryNeutralIn8BitPng)
{
    const MapState state = flowingState(GetParam(), 1.2, 0.0);
    const QImage image = exportedPng(state, {}, dir_.filePath("flow.png"));
    ASSERT_EQ(image.format(), QImage::Format_RGB32);
    const io::ExportGrid grid = io::exportGrid(state.lattice, {});
    ASSERT_EQ(image.width(), grid.width);
    int wet = 0, dry = 0;
    for (int j = 0; j < image.height(); ++j)
        for (int i = 0; i < image.width(); ++i) {
            const QRgb p = image.pixel(i, j);
            ASSERT_EQ(qGreen(p), 128) << i << "," << j;
            ASSERT_EQ(qBlue(p), 0);
            ASSERT_GE(qRed(p), 128);
            const CellSide side = sideOf(state, grid, i);
            if (side == CellSide::Wet) {
                ASSERT_GT(qRed(p), 128) << i << "," << j;
                ++wet;
            } else if (side == CellSide::Dry) {
                ASSERT_EQ(qRed(p), 128) << i << "," << j;
                ++dry;
            }
        }
    EXPECT_GT(wet, 0);
    EXPECT_GT(dry, 0);
}

TEST_P(EastwardFlowMap, FloatChannelsAreExactlyHalfWhereThereIsNoFlow)
{
    const MapState state = flowingState(GetParam(), 1.2, 0.0);
    const QString path = dir_.filePath("flow.exr");
    QString error;
    ASSERT_TRUE(io::exportLayer(state, io::Layer::FlowMap, path, io::ExportSettings{}, &error)) << error.toStdString();
    const FloatField red = exrChannel(path, "R"), green = exrChannel(path, "G");
    const io::ExportGrid grid = io::exportGrid(state.lattice, {});
    for (int j = 0; j < red.height(); ++j)
        for (int i = 0; i < red.width(); ++i) {
            ASSERT_EQ(green(i, j), 0.5f);
            if (sideOf(state, grid, i) == CellSide::Wet) {
                ASSERT_GT(red(i, j), 0.5f);
            } else if (sideOf(state, grid, i) == CellSide::Dry) {
                ASSERT_EQ(red(i, j), 0.5f);
            }
        }
}

INSTANTIATE_TEST_SUITE_P(Lattices, EastwardFlowMap, ::testing::Values(LatticeKind::Square, LatticeKind::Triangle),
                         [](const auto& info) { return std::string(latticeKindName(info.param)); });

TEST(FlowMapExport, TheScaleSetsTheDeflection)
{
    QTemporaryDir dir;
    const MapState state = flowingState(LatticeKind::Square, 1.2, 0.0);
    // Default scale: the moving cells' 99th-percentile speed, here everyone's 1.2 m/s: full red.
    EXPECT_EQ(qRed(exportedPng(state, {}, dir.filePath("a.png")).pixel(10, 5)), 255);
    io::ExportSettings half;
    half.flowScale = 2.4; // 1.2 m/s is half the scale: red 0.75
    EXPECT_EQ(qRed(exportedPng(state, half, dir.filePath("b.png")).pixel(10, 5)), 191);
}

// Green follows the texture's v axis: south (down the image) by default and for Unreal/Godot,
// north for Unity; --flow-green overrides.
TEST(FlowMapExport, GreenFollowsTheChosenAxis)
{
    QTemporaryDir dir;
    const MapState southward = flowingState(LatticeKind::Square, 0.0, 0.9);
    const auto green = [&](io::ExportSettings settings, const char* name) { // at a wet pixel, whatever the grid
        const QImage image = exportedPng(southward, settings, dir.filePath(name));
        return qGreen(image.pixel(image.width() * 3 / 4, image.height() / 2));
    };
    EXPECT_EQ(green({}, "default.png"), 255);
    EXPECT_EQ(green({io::Engine::Unreal, {}, {}, {}, 8, {}}, "unreal.png"), 255);
    EXPECT_EQ(green({io::Engine::Godot, {}, {}, {}, 8, {}}, "godot.png"), 255);
    EXPECT_EQ(green({io::Engine::Unity, {}, {}, {}, 8, {}}, "unity.png"), 0);
    EXPECT_EQ(green({io::Engine::Unity, {}, {}, io::FlowGreen::South, 8, {}}, "unity-south.png"), 255);
    EXPECT_EQ(green({{}, {}, {}, io::FlowGreen::North, 8, {}}, "north.png"), 0);
    EXPECT_EQ(qRed(exportedPng(southward, {}, dir.filePath("r.png")).pixel(10, 5)), 128);
}

TEST(FlowMapExport, SixteenBitNeutralIsMidLevel)
{
    QTemporaryDir dir;
    const MapState state = flowingState(LatticeKind::Square, 1.2, 0.0);
    io::ExportSettings settings;
    settings.flowBits = 16;
    const QImage image = exportedPng(state, settings, dir.filePath("deep.png")).convertToFormat(QImage::Format_RGBX64);
    const QRgba64 dryPixel = reinterpret_cast<const QRgba64*>(image.constScanLine(3))[0];
    const QRgba64 wetPixel = reinterpret_cast<const QRgba64*>(image.constScanLine(3))[10];
    EXPECT_EQ(dryPixel.red(), 32768);
    EXPECT_EQ(dryPixel.green(), 32768);
    EXPECT_EQ(wetPixel.red(), 65535);
    EXPECT_EQ(wetPixel.green(), 32768);
}

// The sidecar and the PNG text say what the levels mean: −scale .. scale per channel.
TEST(FlowMapExport, SidecarRecordsTheScaleAndAxis)
{
    QTemporaryDir dir;
    const MapState state = flowingState(LatticeKind::Square, 1.2, 0.0);
    QString error;
    const std::optional<QJsonObject> report = io::exportLayer(state, io::Layer::FlowMap, dir.filePath("f.png"), io::ExportSettings{}, &error);
    ASSERT_TRUE(report) << error.toStdString();
    QFile sidecar(dir.filePath("f.png.json"));
    ASSERT_TRUE(sidecar.open(QIODevice::ReadOnly));
    const QJsonObject json = QJsonDocument::fromJson(sidecar.readAll()).object();
    EXPECT_FLOAT_EQ(json["flowScale"].toDouble(), 1.2);
    EXPECT_EQ(json["green"].toString(), "south");
    EXPECT_FLOAT_EQ(json["min"].toDouble(), -1.2);
    EXPECT_FLOAT_EQ(json["max"].toDouble(), 1.2);
    EXPECT_EQ((*report)["sidecar"].toString(), dir.filePath("f.png.json"));
}

} // namespace
} // namespace rb
