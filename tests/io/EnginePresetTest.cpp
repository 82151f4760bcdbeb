#include "TestMaps.h"

#include "io/export/EnginePreset.h"
#include "io/export/LayerExport.h"
#include "io/import/HeightmapReader.h"
#include "io/raster/ExrFile.h"

#include <QFile>
#include <QImage>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>

#include <gtest/gtest.h>

#include <algorithm>
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

// Unreal's own reading of a level (LandscapeDataAccess.h): (level − 32768)/128 · ScaleZ cm above
// the actor's location Z (cm). Written here from the engine's formula, not from the exporter.
double unrealMetres(int level, const QJsonObject& unreal)
{
    return ((level - 32768) / 128.0 * unreal["scaleZ"].toDouble() + unreal["locationZ"].toDouble()) / 100.0;
}

// Every height of a PNG read back the way Unreal reads it lands within half a level (plus float
// rounding) of the map's, and the levels span the whole 16-bit range: the lowest height is level
// 0 and the highest at least 65534.
void expectUnrealReadsBack(const MapState& state, const QString& path)
{
    const QImage image(path);
    ASSERT_EQ(image.format(), QImage::Format_Grayscale16);
    const QJsonObject unreal = sidecarOf(path)["unreal"].toObject();
    const double metresPerLevel = unreal["scaleZ"].toDouble() / 12800.0;
    EXPECT_DOUBLE_EQ(unreal["metresPerLevel"].toDouble(), metresPerLevel);
    int lowest = 65535, highest = 0;
    for (int y = 0; y < image.height(); ++y)
        for (int x = 0; x < image.width(); ++x) {
            const int level = pngLevel(image, x, y);
            lowest = std::min(lowest, level);
            highest = std::max(highest, level);
            ASSERT_NEAR(unrealMetres(level, unreal), state.bed(x, y), metresPerLevel / 2 + 2e-5) << x << "," << y;
        }
    EXPECT_EQ(lowest, 0);
    EXPECT_GE(highest, 65534);
}

// A 127×127 map (the smallest recommended size) rising 1 m per cell eastwards from 1000 m: far
// above sea level, where a location Z of 0 would waste most levels. The span 126 m needs ScaleZ
// ≥ 126·12800/65535 = 24.6097…, rounded up to 24.610; level 32768 sits at 1000 m + 32768 levels.
TEST(UnrealPreset, ZScaleAndLocationZUseTheFull16BitRange)
{
    QTemporaryDir dir;
    const QString path = dir.filePath("t.png");
    const MapState state = ramp(127, 1.0, [](int x, int) { return static_cast<float>(1000 + x); });
    exported(state, io::Engine::Unreal, path);
    const QJsonObject unreal = sidecarOf(path)["unreal"].toObject();
    EXPECT_EQ(unreal["scaleZ"].toDouble(), 24.61);
    EXPECT_NEAR(unreal["locationZ"].toDouble(), (1000 + 32768 * 24.61 / 12800) * 100, 0.001); // 106300.16 cm
    EXPECT_EQ(unreal["scaleX"].toDouble(), 100.0); // 1 m between vertices = 100 cm
    EXPECT_EQ(unreal["scaleY"].toDouble(), 100.0);
    EXPECT_EQ(unreal["resolution"].toInt(), 127);
    const QImage image(path);
    EXPECT_EQ(pngLevel(image, 0, 0), 0);
    EXPECT_EQ(pngLevel(image, 126, 9), 65534); // 126 m / 0.00192265625 m = 65534.3
    expectUnrealReadsBack(state, path);
}

// Rows stay north first (Unreal's +Y runs down the image); heights below 0 work the same way.
TEST(UnrealPreset, RowsRunNorthToSouthAndNegativeHeightsFitToo)
{
    QTemporaryDir dir;
    const QString path = dir.filePath("t.png");
    const MapState state = ramp(127, 1.0, [](int, int y) { return static_cast<float>(y - 100); });
    exported(state, io::Engine::Unreal, path);
    const QImage image(path);
    EXPECT_EQ(pngLevel(image, 40, 0), 0);       // row 0: −100 m, the lowest
    EXPECT_GE(pngLevel(image, 40, 126), 65534); // row 126: 26 m, the highest
    expectUnrealReadsBack(state, path);
    // Read back by Riverbed: the sidecar's range is the one the levels imply.
    QString error;
    const std::optional<io::Heightmap> back = io::readHeightmap(path, io::HeightmapRequest{}, &error);
    ASSERT_TRUE(back) << error.toStdString();
    const double metresPerLevel = sidecarOf(path)["unreal"].toObject()["metresPerLevel"].toDouble();
    EXPECT_NEAR(back->metres(3, 100), 0.0, metresPerLevel / 2 + 1e-5);
    EXPECT_NEAR(back->metres(3, 126), 26.0, metresPerLevel / 2 + 1e-5);
}

// Unreal's landscape import also takes .r16 (16-bit little-endian): the same levels as the PNG.
TEST(UnrealPreset, R16IsAccepted)
{
    QTemporaryDir dir;
    const MapState state = ramp(127, 1.0, [](int x, int y) { return static_cast<float>(200 + x - 0.5 * y); });
    EXPECT_TRUE(io::exportRequestProblem(io::Layer::Terrain, "t.r16", forEngine(io::Engine::Unreal)).isEmpty());
    const QByteArray raw = exported(state, io::Engine::Unreal, dir.filePath("t.r16"));
    exported(state, io::Engine::Unreal, dir.filePath("t.png"));
    const QImage image(dir.filePath("t.png"));
    ASSERT_EQ(raw.size(), 127 * 127 * 2);
    for (int y = 0; y < 127; y += 9)
        for (int x = 0; x < 127; x += 7) ASSERT_EQ(levelAt(raw, y * 127 + x), pngLevel(image, x, y)) << x << "," << y;
    EXPECT_EQ(sidecarOf(dir.filePath("t.r16"))["unreal"].toObject(), sidecarOf(dir.filePath("t.png"))["unreal"].toObject());
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
    EXPECT_EQ(problem(io::Engine::Unity, "t.png"), "t.png: --engine unity writes heights as .r16 or .raw");
    EXPECT_TRUE(problem(io::Engine::Unreal, "t.r16").isEmpty());
    EXPECT_TRUE(problem(io::Engine::Unreal, "t.png").isEmpty());
    EXPECT_EQ(problem(io::Engine::Unreal, "t.exr"), "t.exr: --engine unreal writes heights as .png or .r16 or .raw");
    EXPECT_TRUE(problem(io::Engine::Godot, "t.r16").isEmpty());
    EXPECT_TRUE(problem(io::Engine::Godot, "t.exr").isEmpty());
    EXPECT_EQ(problem(io::Engine::Godot, "t.tif"), "t.tif: --engine godot writes heights as .exr or .r16 or .raw");
    // Textures are free: a flow map for Unity may be a PNG.
    EXPECT_TRUE(io::exportRequestProblem(io::Layer::FlowMap, "f.png", forEngine(io::Engine::Unity)).isEmpty());
}

// Godot keeps PNG channels at 8 bits: a 16-bit flow-map PNG is refused for it (not for the others,
// and not in a float format).
TEST(EngineRequests, SixteenBitFlowPngsAreRefusedForGodot)
{
    const auto problem = [](io::Engine engine, const char* path, int bits) {
        io::ExportSettings settings = forEngine(engine);
        settings.flowBits = bits;
        return io::exportRequestProblem(io::Layer::FlowMap, path, settings);
    };
    EXPECT_TRUE(problem(io::Engine::Godot, "f.png", 16).contains("f.png: --engine godot reads PNGs at 8 bits per channel"))
        << problem(io::Engine::Godot, "f.png", 16).toStdString();
    EXPECT_TRUE(problem(io::Engine::Godot, "f.png", 8).isEmpty());
    EXPECT_TRUE(problem(io::Engine::Godot, "f.exr", 16).isEmpty());
    EXPECT_TRUE(problem(io::Engine::Unreal, "f.png", 16).isEmpty());
    EXPECT_TRUE(problem(io::Engine::Unity, "f.png", 16).isEmpty());
}

// Godot (Terrain3D) takes .r16: levels over the layer's own range, which the sidecar and the
// godot note give as the import's height range; rows north first.
TEST(GodotPreset, R16CarriesItsHeightRange)
{
    QTemporaryDir dir;
    const MapState state = ramp(33, 2.0, [](int x, int y) { return static_cast<float>(-5 + x + 0.25 * y); });
    const QString path = dir.filePath("t.r16");
    const QByteArray raw = exported(state, io::Engine::Godot, path);
    ASSERT_EQ(raw.size(), 33 * 33 * 2);
    EXPECT_EQ(levelAt(raw, 0), 0);              // north-west: the lowest, −5 m
    EXPECT_EQ(levelAt(raw, 33 * 33 - 1), 65535); // south-east: the highest, 35 m
    const QJsonObject sidecar = sidecarOf(path);
    EXPECT_EQ(sidecar["min"].toDouble(), -5.0);
    EXPECT_EQ(sidecar["max"].toDouble(), 35.0);
    EXPECT_EQ(sidecar["godot"].toObject()["r16HeightRange"].toArray(), (QJsonArray{-5.0, 35.0}));
    QString error;
    const std::optional<io::Heightmap> back = io::readHeightmap(path, io::HeightmapRequest{}, &error);
    ASSERT_TRUE(back) << error.toStdString();
    EXPECT_NEAR(back->metres(10, 20), state.bed(10, 20), 40.0 / 65535 / 2 + 1e-5);
}

} // namespace
} // namespace rb
