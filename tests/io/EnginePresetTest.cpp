#include "TestMaps.h"

#include "io/EnginePreset.h"
#include "io/ExrFile.h"
#include "io/HeightmapReader.h"
#include "io/LayerExport.h"

#include <QFile>
#include <QImage>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>

#include <gtest/gtest.h>

#include <cmath>
#include <functional>

namespace rb {
namespace {

MapState ramp(int side, double dx, const std::function<float(int, int)>& height)
{
    MapState state(Lattice(LatticeKind::Square, side, side, dx));
    for (int y = 0; y < side; ++y)
        for (int x = 0; x < side; ++x) state.bed(x, y) = height(x, y);
    return state;
}

io::ExportSettings forEngine(io::Engine engine)
{
    io::ExportSettings settings;
    settings.engine = engine;
    return settings;
}

QByteArray exported(const MapState& state, io::Engine engine, const QString& path)
{
    QString error;
    EXPECT_TRUE(io::exportLayer(state, io::Layer::Terrain, path, forEngine(engine), &error)) << error.toStdString();
    QFile file(path);
    EXPECT_TRUE(file.open(QIODevice::ReadOnly));
    return file.readAll();
}

QJsonObject sidecarOf(const QString& path)
{
    QFile file(path + ".json");
    EXPECT_TRUE(file.open(QIODevice::ReadOnly)) << path.toStdString();
    return QJsonDocument::fromJson(file.readAll()).object();
}

// Little-endian 16-bit level at sample `index` of a raw file.
int levelAt(const QByteArray& bytes, int index)
{
    return static_cast<unsigned char>(bytes[2 * index]) | (static_cast<unsigned char>(bytes[2 * index + 1]) << 8);
}

// ---- Unity: 16-bit little-endian raw, 2ⁿ+1 square, south row first, levels over [min, max].

// A 33×33 map (Unity's smallest size: exported unresampled) rising 1 m per cell eastwards:
// level(x) = round(x/32 · 65535).
TEST(UnityPreset, ColumnsRunEastAndBytesAreLittleEndian)
{
    QTemporaryDir dir;
    const QByteArray bytes = exported(ramp(33, 2.0, [](int x, int) { return static_cast<float>(x); }), io::Engine::Unity, dir.filePath("t.r16"));
    ASSERT_EQ(bytes.size(), 33 * 33 * 2);
    EXPECT_EQ(bytes.left(6), QByteArray("\x00\x00\x00\x08\x00\x10", 6)); // levels 0, 2048 (0x0800), 4096 (0x1000)
    EXPECT_EQ(bytes.mid(2 * 16, 2), QByteArray("\x00\x80", 2));          // x = 16: 32767.5 rounds to 32768
    EXPECT_EQ(bytes.mid(2 * 32, 2), QByteArray("\xff\xff", 2));          // x = 32: 65535
    EXPECT_EQ(levelAt(bytes, 33 * 20 + 31), 63487);                      // 31/32 · 65535 = 63487.03, any row
}

// Unity puts the file's first row at the terrain's z = 0 edge, so the south row comes first and
// north ends up towards +z: a map rising 1 m per row southwards starts with its highest row.
TEST(UnityPreset, RowsRunSouthToNorth)
{
    QTemporaryDir dir;
    const QString path = dir.filePath("t.r16");
    const QByteArray bytes = exported(ramp(33, 2.0, [](int, int y) { return static_cast<float>(y); }), io::Engine::Unity, path);
    EXPECT_EQ(levelAt(bytes, 0), 65535);          // file row 0 = map row 32 (south)
    EXPECT_EQ(levelAt(bytes, 33 * 1 + 5), 63487); // file row 1 = map row 31
    EXPECT_EQ(levelAt(bytes, 33 * 31), 2048);     // file row 31 = map row 1
    EXPECT_EQ(levelAt(bytes, 33 * 32 + 7), 0);    // file row 32 = map row 0 (north)
    const QJsonObject sidecar = sidecarOf(path);
    EXPECT_EQ(sidecar["rows"].toString(), "south-to-north");
    EXPECT_EQ(sidecar["min"].toDouble(), 0.0);
    EXPECT_EQ(sidecar["max"].toDouble(), 32.0);
    const QJsonObject unity = sidecar["unity"].toObject();
    EXPECT_EQ(unity["heightmapResolution"].toInt(), 33);
    EXPECT_EQ(unity["byteOrder"].toString(), "Windows");
    EXPECT_EQ(unity["flipVertically"].toBool(), false);
    EXPECT_EQ(unity["terrainWidth"].toDouble(), 64.0); // 32 spans of 2 m between the first and last cell centres
    EXPECT_EQ(unity["terrainLength"].toDouble(), 64.0);
    EXPECT_DOUBLE_EQ(unity["terrainHeight"].toDouble(), 32.0 * 65536.0 / 65535.0); // level/65536 of it: 65535 ↦ 32 m
    EXPECT_EQ(unity["positionY"].toDouble(), 0.0);
}

TEST(UnityPreset, SizesAreTwoToTheNPlusOneUpTo4097)
{
    EXPECT_EQ(io::engineGridSize(io::Engine::Unity, {10, 20}), (io::GridSize{33, 33}));
    EXPECT_EQ(io::engineGridSize(io::Engine::Unity, {33, 33}), (io::GridSize{33, 33}));
    EXPECT_EQ(io::engineGridSize(io::Engine::Unity, {34, 12}), (io::GridSize{65, 65}));
    EXPECT_EQ(io::engineGridSize(io::Engine::Unity, {1000, 1025}), (io::GridSize{1025, 1025}));
    EXPECT_EQ(io::engineGridSize(io::Engine::Unity, {9000, 100}), (io::GridSize{4097, 4097}));
    for (int n : {33, 65, 129, 257, 513, 1025, 2049, 4097}) EXPECT_TRUE(io::engineSizeProblem(io::Engine::Unity, n).isEmpty()) << n;
    for (int n : {17, 32, 64, 1000, 8193}) EXPECT_FALSE(io::engineSizeProblem(io::Engine::Unity, n).isEmpty()) << n;
    QTemporaryDir dir;
    const MapState state = test::randomMap(LatticeKind::Square, 40, 30, 31).state;
    EXPECT_EQ(exported(state, io::Engine::Unity, dir.filePath("t.r16")).size(), 65 * 65 * 2);
}

// Riverbed reads its own Unity export back: the sidecar's row order turns the rows north first.
TEST(UnityPreset, ImportUndoesTheRowOrder)
{
    QTemporaryDir dir;
    const MapState state = test::randomMap(LatticeKind::Square, 33, 33, 32).state;
    const QString path = dir.filePath("t.r16");
    exported(state, io::Engine::Unity, path);
    QString error;
    const std::optional<io::Heightmap> back = io::readHeightmap(path, io::HeightmapRequest{}, &error);
    ASSERT_TRUE(back) << error.toStdString();
    const double step = (back->range->high - back->range->low) / 65535.0;
    for (std::size_t i = 0; i < state.bed.size(); ++i) ASSERT_NEAR(back->metres[i], state.bed[i], step) << i;
}

// ---- Unreal: 16-bit PNG, recommended sizes, level 32768 = 0 m, (level − 32768)/128 · ScaleZ cm.

int pngLevel(const QImage& image, int x, int y)
{
    return reinterpret_cast<const quint16*>(image.constScanLine(y))[x];
}

// A 127×127 map (the smallest recommended size) rising 1 m per cell eastwards, 0..126 m. ScaleZ
// must fit 126 m in the 32767 levels above mid-grey: 126·12800/32767 = 49.2202…, rounded up to
// 49.221; then level(h) = 32768 + round(h·12800/49.221) (260.05 levels per metre).
TEST(UnrealPreset, MidGreyIsZeroAndTheZScaleFitsTheRange)
{
    QTemporaryDir dir;
    const QString path = dir.filePath("t.png");
    exported(ramp(127, 1.0, [](int x, int) { return static_cast<float>(x); }), io::Engine::Unreal, path);
    const QImage image(path);
    ASSERT_EQ(image.format(), QImage::Format_Grayscale16);
    ASSERT_EQ(image.width(), 127);
    EXPECT_EQ(pngLevel(image, 0, 0), 32768);
    EXPECT_EQ(pngLevel(image, 1, 50), 33028);   // 260.05 → 260
    EXPECT_EQ(pngLevel(image, 63, 126), 49151); // 16383.25 → 16383
    EXPECT_EQ(pngLevel(image, 126, 9), 65535);  // 32766.50… → 32767
    const QJsonObject unreal = sidecarOf(path)["unreal"].toObject();
    EXPECT_EQ(unreal["scaleZ"].toDouble(), 49.221);
    EXPECT_EQ(unreal["scaleX"].toDouble(), 100.0); // 1 m between vertices = 100 cm
    EXPECT_EQ(unreal["scaleY"].toDouble(), 100.0);
    EXPECT_EQ(unreal["locationZ"].toDouble(), 0.0);
    EXPECT_EQ(unreal["resolution"].toInt(), 127);
}

// Rows stay north first (Unreal's +Y runs down the image) and heights below 0 use the levels
// below mid-grey: −100 m needs ScaleZ = 100·12800/32768 = 39.0625 → 39.063, and lands on level 0.
TEST(UnrealPreset, RowsRunNorthToSouthAndNegativeHeightsGoBelowMidGrey)
{
    QTemporaryDir dir;
    const QString path = dir.filePath("t.png");
    exported(ramp(127, 1.0, [](int, int y) { return static_cast<float>(y - 100); }), io::Engine::Unreal, path);
    const QImage image(path);
    EXPECT_EQ(pngLevel(image, 40, 0), 0);        // row 0: −100 m: 32768 − round(32767.58)
    EXPECT_EQ(pngLevel(image, 40, 100), 32768);  // row 100: 0 m
    EXPECT_EQ(pngLevel(image, 7, 126), 32768 + 8520); // 26 m · 12800/39.063 = 8519.6
    EXPECT_EQ(sidecarOf(path)["unreal"].toObject()["scaleZ"].toDouble(), 39.063);
    // Read back: the sidecar's range is the one mid-grey implies.
    QString error;
    const std::optional<io::Heightmap> back = io::readHeightmap(path, io::HeightmapRequest{}, &error);
    ASSERT_TRUE(back) << error.toStdString();
    const double metresPerLevel = 39.063 / 12800;
    EXPECT_NEAR(back->range->low, -32768 * metresPerLevel, 1e-9);
    EXPECT_NEAR(back->range->high, 32767 * metresPerLevel, 1e-9);
    EXPECT_NEAR(back->metres(3, 100), 0.0, 1e-9);
    EXPECT_NEAR(back->metres(3, 126), 26.0, metresPerLevel / 2 + 1e-6);
}

TEST(UnrealPreset, SizesComeFromTheRecommendedTable)
{
    EXPECT_EQ(io::engineGridSize(io::Engine::Unreal, {100, 20}), (io::GridSize{127, 127}));
    EXPECT_EQ(io::engineGridSize(io::Engine::Unreal, {128, 20}), (io::GridSize{253, 253}));
    EXPECT_EQ(io::engineGridSize(io::Engine::Unreal, {600, 400}), (io::GridSize{1009, 1009}));
    EXPECT_EQ(io::engineGridSize(io::Engine::Unreal, {2000, 2017}), (io::GridSize{2017, 2017}));
    EXPECT_EQ(io::engineGridSize(io::Engine::Unreal, {4033, 10}), (io::GridSize{4033, 4033}));
    EXPECT_EQ(io::engineGridSize(io::Engine::Unreal, {9000, 9000}), (io::GridSize{8129, 8129}));
    EXPECT_TRUE(io::engineSizeProblem(io::Engine::Unreal, 1009).isEmpty());
    EXPECT_TRUE(io::engineSizeProblem(io::Engine::Unreal, 1024).contains("1009")) << io::engineSizeProblem(io::Engine::Unreal, 1024).toStdString();
}

// ---- Godot: float metres in an EXR channel R, any size, north row first.

TEST(GodotPreset, FloatMetresInChannelRAtTheMapsOwnSize)
{
    QTemporaryDir dir;
    MapState state = test::randomMap(LatticeKind::Square, 21, 13, 33).state;
    const QString path = dir.filePath("t.exr");
    exported(state, io::Engine::Godot, path);
    QFile file(path);
    ASSERT_TRUE(file.open(QIODevice::ReadOnly));
    QString error;
    const std::optional<io::SampleRaster> r = io::readExr(file, {"R"}, &error);
    ASSERT_TRUE(r) << error.toStdString();
    EXPECT_EQ(r->description, "float EXR channel 'R'");
    EXPECT_TRUE(r->samples == state.bed); // the same size: the cells unresampled, bit for bit
    EXPECT_EQ(sidecarOf(path)["godot"].toObject()["imageFormat"].toString(), "FORMAT_RF");
}

// On a triangle lattice every engine samples the terrain's vertex grid from the lattice itself:
// a plane comes out as the plane inside the lattice's hull (the zig-zag of shifted rows leaves
// half a cell at the east and west edges where values are held instead).
TEST(EngineGrid, TriangleMapsAreSampledAtTheEnginesVertices)
{
    MapState state(Lattice(LatticeKind::Triangle, 30, 34, 2.0));
    const auto plane = [](WorldPoint p) { return 10.0 + 0.25 * p.x - 0.125 * p.y; };
    for (int y = 0; y < 34; ++y)
        for (int x = 0; x < 30; ++x) state.bed(x, y) = static_cast<float>(plane(state.lattice.worldPosition(x, y)));
    for (io::Engine engine : {io::Engine::Unity, io::Engine::Unreal, io::Engine::Godot}) {
        const io::ExportGrid grid = io::exportGrid(state.lattice, forEngine(engine));
        const FloatField values = io::layerImage(state, io::Layer::Terrain, forEngine(engine)).channels.front();
        ASSERT_EQ(values.width(), grid.width);
        const Lattice& l = state.lattice;
        const double west = l.worldPosition(0, 1).x, east = l.worldPosition(l.width() - 1, 0).x;
        int checked = 0;
        for (int j = 0; j < grid.height; ++j)
            for (int i = 0; i < grid.width; ++i) {
                const WorldPoint p = grid.position(i, j);
                if (p.x < west || p.x > east || p.y < l.worldPosition(0, 0).y || p.y > l.worldPosition(0, l.height() - 1).y) continue;
                ASSERT_NEAR(values(i, j), plane(p), 1e-4) << io::engineName(engine) << " " << i << "," << j;
                ++checked;
            }
        EXPECT_GT(checked, grid.width * grid.height / 2);
    }
}

TEST(EngineRequests, HeightsMustUseTheEnginesFormat)
{
    const auto problem = [](io::Engine engine, const char* path) {
        return io::exportRequestProblem(io::Layer::Terrain, path, forEngine(engine));
    };
    EXPECT_TRUE(problem(io::Engine::Unity, "t.r16").isEmpty());
    EXPECT_TRUE(problem(io::Engine::Unity, "t.raw").isEmpty());
    EXPECT_EQ(problem(io::Engine::Unity, "t.png"), "t.png: --engine unity writes heights as .r16");
    EXPECT_EQ(problem(io::Engine::Unreal, "t.r16"), "t.r16: --engine unreal writes heights as .png");
    EXPECT_EQ(problem(io::Engine::Godot, "t.tif"), "t.tif: --engine godot writes heights as .exr");
    // Textures are free: a flow map for Unity may be a PNG.
    EXPECT_TRUE(io::exportRequestProblem(io::Layer::FlowMap, "f.png", forEngine(io::Engine::Unity)).isEmpty());
}

} // namespace
} // namespace rb
