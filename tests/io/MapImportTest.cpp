#include "TestFiles.h"

#include "io/LayerExport.h"
#include "io/MapImport.h"
#include "io/NpyFile.h"

#include <QImage>
#include <QTemporaryDir>

#include <gtest/gtest.h>

#include <cmath>
#include <cstring>

namespace rb {
namespace {

FloatField heights(int w, int h)
{
    FloatField f(w, h);
    for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x) f(x, y) = static_cast<float>(100 + 3 * x - 2 * y + (x * y) % 5);
    return f;
}

TEST(MapImport, SquareKeepsEveryPixelAndStartsDryWithWalls)
{
    const FloatField h = heights(12, 9);
    QString error;
    const std::optional<Map> map = io::buildImportedMap(h, nullptr, LatticeKind::Square, 2.5, &error);
    ASSERT_TRUE(map) << error.toStdString();
    EXPECT_EQ(map->state.lattice, Lattice(LatticeKind::Square, 12, 9, 2.5));
    EXPECT_EQ(std::memcmp(map->state.bed.data(), h.data(), h.size() * sizeof(float)), 0);
    EXPECT_EQ(map->state.volume(), 0.0);
    EXPECT_TRUE(map->boundary.empty()); // empty means walls all round
    EXPECT_EQ(map->validate(), "");
}

class TriangleImport : public ::testing::TestWithParam<std::pair<int, int>> {};

// The triangle lattice covers the raster's world rectangle to within half a cell each way.
TEST_P(TriangleImport, KeepsTheWorldExtent)
{
    const auto [w, h] = GetParam();
    const double dx = 2.0;
    QString error;
    const std::optional<Map> map = io::buildImportedMap(heights(w, h), nullptr, LatticeKind::Triangle, dx, &error);
    ASSERT_TRUE(map) << error.toStdString();
    const Lattice& lattice = map->state.lattice;
    EXPECT_EQ(lattice.kind(), LatticeKind::Triangle);
    EXPECT_EQ(lattice.cellSize(), dx);
    EXPECT_EQ(lattice.width(), w);
    EXPECT_LE(std::abs(lattice.worldWidth() - w * dx), dx / 2 + 1e-12);
    EXPECT_LE(std::abs(lattice.worldHeight() - h * dx), lattice.rowSpacing() / 2 + 1e-12);
    EXPECT_GE(lattice.height(), h); // rows are √3/2 dx apart: at least as many rows as pixels
}

// Exporting an imported triangle map gives a raster of the original size.
TEST_P(TriangleImport, ExportSizeInvertsImportSize)
{
    const auto [w, h] = GetParam();
    const io::GridSize lattice = io::importLatticeSize(LatticeKind::Triangle, w, h);
    EXPECT_EQ(io::exportRasterSize(Lattice(LatticeKind::Triangle, lattice.width, lattice.height, 1.0)), (io::GridSize{w, h}));
}

INSTANTIATE_TEST_SUITE_P(Sizes, TriangleImport,
                         ::testing::Values(std::pair{2, 2}, std::pair{3, 7}, std::pair{40, 30}, std::pair{64, 64}, std::pair{101, 257},
                                           std::pair{500, 13}, std::pair{1000, 999}));

TEST(MapImport, ExportSizeInvertsImportSizeForEveryHeightUpTo4000)
{
    for (int h = 2; h <= 4000; ++h) {
        const io::GridSize lattice = io::importLatticeSize(LatticeKind::Triangle, 5, h);
        ASSERT_EQ(io::exportRasterSize(Lattice(LatticeKind::Triangle, 5, lattice.height, 1.0)).height, h) << h;
    }
}

// The raster is stretched over the lattice's rectangle and sampled at each vertex: a raster that
// is linear in its pixel indices gives vertices the plane's value at their stretched position.
TEST(MapImport, TriangleBedIsTheRasterSampledAtTheVertices)
{
    const int w = 30, h = 20;
    FloatField raster(w, h);
    for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x) raster(x, y) = static_cast<float>(10.0 + 0.5 * x - 0.25 * y);
    QString error;
    const std::optional<Map> map = io::buildImportedMap(raster, nullptr, LatticeKind::Triangle, 1.0, &error);
    ASSERT_TRUE(map) << error.toStdString();
    const Lattice& l = map->state.lattice;
    for (int y = 1; y < l.height() - 1; ++y)
        for (int x = 1; x < l.width() - 1; ++x) {
            const WorldPoint p = l.worldPosition(x, y);
            const double i = p.x / l.worldWidth() * w - 0.5, j = p.y / l.worldHeight() * h - 0.5;
            ASSERT_NEAR(map->state.bed(x, y), 10.0 + 0.5 * i - 0.25 * j, 1e-4) << x << "," << y;
        }
}

TEST(MapImport, WaterMustMatchAndBeNonNegative)
{
    const FloatField h = heights(6, 5);
    FloatField water(6, 5, 0.5f);
    QString error;
    std::optional<Map> map = io::buildImportedMap(h, &water, LatticeKind::Triangle, 1.0, &error);
    ASSERT_TRUE(map) << error.toStdString();
    for (float d : map->state.depth.values()) EXPECT_FLOAT_EQ(d, 0.5f);
    water(3, 4) = -0.01f;
    EXPECT_FALSE(io::buildImportedMap(h, &water, LatticeKind::Square, 1.0, &error));
    EXPECT_TRUE(error.contains("negative")) << error.toStdString();
    EXPECT_TRUE(error.contains("column 3, row 4")) << error.toStdString();
    const FloatField small(5, 5);
    EXPECT_FALSE(io::buildImportedMap(h, &small, LatticeKind::Square, 1.0, &error));
    EXPECT_TRUE(error.contains("5x5 but the heightmap is 6x5")) << error.toStdString();
}

TEST(MapImport, RefusesWhatNoLatticeCanHold)
{
    QString error;
    EXPECT_FALSE(io::buildImportedMap(heights(1, 8), nullptr, LatticeKind::Square, 1.0, &error));
    EXPECT_TRUE(error.contains("outside 2..16384")) << error.toStdString();
    EXPECT_FALSE(io::buildImportedMap(heights(4, 4), nullptr, LatticeKind::Square, -1.0, &error));
    EXPECT_TRUE(error.contains("cell size")) << error.toStdString();
    // 15000 raster rows need 17321 triangle rows, above the limit.
    EXPECT_GT(io::importLatticeSize(LatticeKind::Triangle, 4, 15000).height, Lattice::kMaxSide);
}

TEST(MapImport, ImportsFilesAndNamesTheFileAtFault)
{
    QTemporaryDir dir;
    QImage image(8, 6, QImage::Format_Grayscale16);
    image.fill(0);
    reinterpret_cast<quint16*>(image.scanLine(2))[3] = 65535;
    const QString png = dir.filePath("land.png");
    ASSERT_TRUE(image.save(png));
    const QString water = dir.filePath("water.npy");
    test::writeBytes(water, io::encodeNpy(FloatField(8, 6, 0.25f)));
    io::ImportOptions options;
    options.cellSize = 4.0;
    options.heightRange = io::HeightRange{-10.0, 30.0};
    options.waterPath = water;
    QString error;
    const std::optional<Map> map = io::importHeightmap(png, options, &error);
    ASSERT_TRUE(map) << error.toStdString();
    EXPECT_EQ(map->state.bed(3, 2), 30.0f);
    EXPECT_EQ(map->state.bed(0, 0), -10.0f);
    EXPECT_DOUBLE_EQ(map->state.volume(), 8 * 6 * 0.25 * 16.0);
    test::writeBytes(water, io::encodeNpy(FloatField(8, 6, -1.0f)));
    EXPECT_FALSE(io::importHeightmap(png, options, &error));
    EXPECT_TRUE(error.startsWith(water + ": water depth is negative")) << error.toStdString();
    options.waterPath = dir.filePath("nowhere.npy");
    EXPECT_FALSE(io::importHeightmap(png, options, &error));
    EXPECT_TRUE(error.startsWith(options.waterPath + ": cannot open")) << error.toStdString();
}

} // namespace
} // namespace rb
