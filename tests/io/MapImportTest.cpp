#include "GeoTiffMaker.h"
#include "TestFiles.h"

#include "io/export/LayerExport.h"
#include "io/import/MapImport.h"
#include "io/raster/NpyFile.h"

#include <QImage>
#include <QTemporaryDir>

#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <numbers>

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

// An imported map runs with the automatic time step, its ceiling from the cell size and the water
// it brings (a fixed 0.05 s ran a 30 m DEM at a CFL number of 0.03): 0.5·dx/√(g·h), h the deepest
// water + 1 m, rounded down to two digits, within 0.0001…1 s.
TEST(MapImport, RunsWithTheAutomaticTimeStepUnderACeilingForItsCells)
{
    const FloatField h = heights(12, 9);
    FloatField water(12, 9);
    water(3, 4) = 8.0f; // the deepest water: h = 9 m
    const struct {
        double cellSize;
        const FloatField* water;
        double depth;
    } cases[] = {{0.5, nullptr, 1.0}, {2.0, &water, 9.0}, {30.0, nullptr, 1.0}};
    for (const auto& c : cases) {
        QString error;
        const std::optional<Map> map = io::buildImportedMap(h, c.water, LatticeKind::Square, c.cellSize, &error);
        ASSERT_TRUE(map) << error.toStdString();
        const SimParams& p = map->params;
        EXPECT_TRUE(p.automaticDt());
        EXPECT_EQ(p.cflTarget, kDefaultCflTarget);
        EXPECT_EQ(p.dt, p.dtMax);
        const double exact = std::min(1.0, 0.5 * c.cellSize / std::sqrt(p.gravity * c.depth));
        EXPECT_LE(p.dtMax, exact) << c.cellSize;
        EXPECT_GE(p.dtMax, 0.9 * exact) << c.cellSize; // two digits, rounded down
        EXPECT_EQ(p.validate(), "");
    }
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


// ---- georeferenced imports through GDAL: square cells that keep the raster's ground extent

class GeoImport : public ::testing::Test {
protected:
    QString write(const char* name, int w, int h, const std::array<double, 6>& geoTransform, int epsg)
    {
        const QString file = dir.filePath(name);
        test::GeoTiffSpec spec;
        spec.geoTransform = geoTransform;
        spec.epsg = epsg;
        test::writeTestGeoTiff(file, w, h, spec, [](int x, int y) { return 100.0 + 3 * x + y; });
        return file;
    }

    std::optional<io::ImportedMap> import(const QString& file)
    {
        error.clear();
        return io::importMap(file, io::ImportOptions{}, &error);
    }

    // The map exported as a GeoTIFF with its georeference, and that file imported again.
    std::optional<io::ImportedMap> roundTrip(const Map& map, const char* name)
    {
        io::ExportSettings settings;
        settings.georeference = map.georeference;
        const QString file = dir.filePath(name);
        EXPECT_TRUE(io::exportLayer(map.state, io::Layer::Terrain, file, settings, &error)) << error.toStdString();
        return import(file);
    }

    static void expectSameGrid(const Map& a, const Map& b)
    {
        EXPECT_EQ(b.state.lattice.width(), a.state.lattice.width());
        EXPECT_EQ(b.state.lattice.height(), a.state.lattice.height());
        EXPECT_NEAR(b.state.lattice.cellSize(), a.state.lattice.cellSize(), 1e-9 * a.state.lattice.cellSize());
        ASSERT_TRUE(a.georeference && b.georeference);
        EXPECT_NEAR(b.georeference->unitsPerMetreX, a.georeference->unitsPerMetreX, 1e-9 * a.georeference->unitsPerMetreX);
        EXPECT_NEAR(b.georeference->unitsPerMetreY, a.georeference->unitsPerMetreY, 1e-9 * a.georeference->unitsPerMetreY);
    }

    QTemporaryDir dir;
    QString error;
};

// 7 × 5 pixels of 30 × 20 m cover 210 × 100 m. Cells of the finer side, 20 m, would make it
// 220 m wide (10.5 cells rounded up): the map may fall short of one side by at most 1%, never
// reach beyond it, and the other side is kept exactly.
TEST_F(GeoImport, NonSquarePixelsKeepTheGroundExtent)
{
    const auto imported = import(write("odd.tif", 7, 5, {500000.0, 30.0, 0.0, 5000000.0, 0.0, -20.0}, 32632));
    ASSERT_TRUE(imported) << error.toStdString();
    const Lattice& l = imported->map.state.lattice;
    EXPECT_LE(l.cellSize(), 20.0);
    EXPECT_LE(l.worldWidth(), 210.0 + 1e-9);
    EXPECT_LE(l.worldHeight(), 100.0 + 1e-9);
    EXPECT_GE(l.worldWidth(), 210.0 * 0.99);
    EXPECT_GE(l.worldHeight(), 100.0 * 0.99);
    EXPECT_TRUE(std::abs(l.worldWidth() - 210.0) < 1e-9 || std::abs(l.worldHeight() - 100.0) < 1e-9) << l.worldWidth() << " x " << l.worldHeight();
    EXPECT_TRUE(imported->notes.join("|").contains("the raster 210 x 100 m")) << imported->notes.join("|").toStdString();
    // The georeference still spans the raster's 210 × 100 m in the CRS.
    ASSERT_TRUE(imported->map.georeference);
    EXPECT_NEAR(imported->map.georeference->unitsPerMetreX * l.worldWidth(), 210.0, 1e-9);
    EXPECT_NEAR(imported->map.georeference->unitsPerMetreY * l.worldHeight(), 100.0, 1e-9);
}

// A water raster on the heightmap's own grid follows it to square cells, over the same extent:
// non-square pixels and degrees alike, the depth everywhere what it was.
TEST_F(GeoImport, WaterOnTheHeightmapsGridIsResampledWithIt)
{
    const double arcSecond = 1.0 / 3600.0;
    const std::array<double, 6> grids[] = {{500000.0, 30.0, 0.0, 5000000.0, 0.0, -20.0}, {9.0, arcSecond, 0.0, 45.0, 0.0, -arcSecond}};
    const int crs[] = {32632, 4326};
    for (int i = 0; i < 2; ++i) {
        const QString heights = write("heights.tif", 60, 40, grids[i], crs[i]);
        const QString water = dir.filePath("water.tif");
        test::GeoTiffSpec spec;
        spec.geoTransform = grids[i];
        spec.epsg = crs[i];
        test::writeTestGeoTiff(water, 60, 40, spec, [](int, int) { return 1.5; });
        io::ImportOptions options;
        options.waterPath = water;
        error.clear();
        const auto imported = io::importMap(heights, options, &error);
        ASSERT_TRUE(imported) << error.toStdString();
        const FloatField& depth = imported->map.state.depth;
        EXPECT_TRUE(depth.width() != 60 || depth.height() != 40) << "the heightmap should have been resampled";
        for (float h : depth.values()) ASSERT_EQ(h, 1.5f);
    }
}

// Exporting the map and importing the export gives the same grid, in metres and in degrees.
TEST_F(GeoImport, ExportThenImportKeepsTheGrid)
{
    const double arcSecond = 1.0 / 3600.0;
    const QString sources[] = {write("odd.tif", 7, 5, {500000.0, 30.0, 0.0, 5000000.0, 0.0, -20.0}, 32632),
                               write("geo.tif", 100, 80, {9.0, arcSecond, 0.0, 45.0, 0.0, -arcSecond}, 4326)};
    for (const QString& source : sources) {
        const auto first = import(source);
        ASSERT_TRUE(first) << error.toStdString();
        const auto second = roundTrip(first->map, "again.tif");
        ASSERT_TRUE(second) << error.toStdString();
        expectSameGrid(first->map, second->map);
        const auto third = roundTrip(second->map, "again2.tif");
        ASSERT_TRUE(third) << error.toStdString();
        expectSameGrid(first->map, third->map);
    }
}

// Web Mercator at 60°N: a projected metre is half a metre on the ground there.
TEST_F(GeoImport, WebMercatorIsScaledToGroundMetresAtTheCentreLatitude)
{
    const double radius = 6378137.0, north = radius * std::log(std::tan(std::numbers::pi / 4 + std::numbers::pi / 6)); // y of 60°N
    const auto imported = import(write("merc.tif", 64, 64, {1113194.9, 30.0, 0.0, north, 0.0, -30.0}, 3857));
    ASSERT_TRUE(imported) << error.toStdString();
    const double centre = 2.0 * std::atan(std::exp((north - 32 * 30.0) / radius)) - std::numbers::pi / 2;
    const Map& map = imported->map;
    EXPECT_NEAR(map.state.lattice.cellSize(), 30.0 * std::cos(centre), 1e-9);
    EXPECT_NEAR(map.state.lattice.cellSize(), 15.0, 0.01);
    EXPECT_EQ(map.state.lattice.width(), 64);
    EXPECT_EQ(map.state.lattice.height(), 64);
    ASSERT_TRUE(map.georeference);
    EXPECT_NEAR(map.georeference->unitsPerMetreX, 1.0 / std::cos(centre), 1e-9);
    EXPECT_NEAR(map.georeference->unitsPerMetreY, 1.0 / std::cos(centre), 1e-9);
    EXPECT_TRUE(imported->notes.join("|").contains("Mercator projection: map units converted to ground metres at the centre latitude 59.99"))
        << imported->notes.join("|").toStdString();
    // UTM is a transverse Mercator: its metres are ground metres.
    const auto utm = import(write("utm.tif", 8, 8, {500000.0, 30.0, 0.0, 6650000.0, 0.0, -30.0}, 32632));
    ASSERT_TRUE(utm) << error.toStdString();
    EXPECT_EQ(utm->map.state.lattice.cellSize(), 30.0);
    EXPECT_TRUE(utm->notes.isEmpty()) << utm->notes.join("|").toStdString();
}

// A rotation term of 1e-15 beside 30 m pixels is rounding noise in a north-up geotransform.
TEST_F(GeoImport, RotationNoiseIsNorthUp)
{
    for (const std::array<double, 6> gt : {std::array<double, 6>{500000.0, 30.0, 1e-15, 5000000.0, 0.0, -30.0},
                                           std::array<double, 6>{500000.0, 30.0, 0.0, 5000000.0, -3e-14, -30.0}}) {
        const auto imported = import(write("noise.tif", 16, 12, gt, 32632));
        ASSERT_TRUE(imported) << error.toStdString();
        EXPECT_EQ(imported->map.state.lattice, Lattice(LatticeKind::Square, 16, 12, 30.0));
        EXPECT_EQ(imported->map.state.bed(5, 7), 100.0f + 15 + 7);
    }
}

} // namespace
} // namespace rb
