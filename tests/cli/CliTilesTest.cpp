// Issue 31 part 4: `export MAP --tiles N --engine E` cuts the heightmap and the water layers into
// N × N engine tiles that share their edge samples (so the engine stitches them without seams),
// with tile sizes the engine takes and a manifest; the set is written whole or not at all.
#include "CliRun.h"
#include "TestFiles.h"

#include "io/export/TileGrid.h"

#include <gtest/gtest.h>

#include <QDir>
#include <QFile>
#include <QImage>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>

#include <algorithm>
#include <cmath>
#include <map>
#include <vector>

namespace {

using rb::test::cli;
using rb::test::cliInShell;
using rb::test::changedFiles;
using rb::test::CliRun;
using rb::test::snapshot;
using rb::test::readBytes;

// A raster's integer levels, rows north to south (what the engine's vertices hold, before scaling).
struct Levels {
    int width = 0;
    int height = 0;
    std::vector<quint16> values;

    quint16 at(int i, int j) const { return values[static_cast<std::size_t>(j) * width + i]; }
    bool operator==(const Levels&) const = default;
};

QJsonObject tilesReadJson(const QString& path)
{
    return QJsonDocument::fromJson(readBytes(path)).object();
}

// A .r16 file's levels (its size and row order from its sidecar) or a PNG's (8-bit ones times 257).
Levels readLevels(const QString& path)
{
    if (path.endsWith(".png")) {
        const QImage image = QImage(path).convertToFormat(QImage::Format_Grayscale16);
        Levels out{image.width(), image.height(), {}};
        for (int j = 0; j < image.height(); ++j)
            for (int i = 0; i < image.width(); ++i) out.values.push_back(reinterpret_cast<const quint16*>(image.constScanLine(j))[i]);
        return out;
    }
    const QJsonObject sidecar = tilesReadJson(path + ".json");
    Levels out{sidecar["width"].toInt(), sidecar["height"].toInt(), {}};
    const QByteArray bytes = readBytes(path);
    EXPECT_EQ(bytes.size(), 2 * out.width * out.height) << path.toStdString();
    if (bytes.size() != 2 * out.width * out.height) return {};
    const bool southFirst = sidecar["rows"].toString() == "south-to-north";
    for (int j = 0; j < out.height; ++j) {
        const int fileRow = southFirst ? out.height - 1 - j : j;
        for (int i = 0; i < out.width; ++i) {
            const qsizetype at = 2 * (static_cast<qsizetype>(fileRow) * out.width + i);
            out.values.push_back(static_cast<quint16>(static_cast<quint8>(bytes[at]) | static_cast<quint8>(bytes[at + 1]) << 8));
        }
    }
    return out;
}

// "t.r16", 1, 2 → "t_x1_y2.r16" in the folder.
QString tilePath(const QString& folder, const QString& pattern, int column, int row)
{
    const QFileInfo info(pattern);
    return QDir(folder).filePath(QString("%1_x%2_y%3.%4").arg(info.completeBaseName()).arg(column).arg(row).arg(info.suffix()));
}

// The tiles put back together, each tile's last row and column dropped where a neighbour has
// them as its first.
Levels stitch(const QString& folder, const QString& pattern, int tiles)
{
    const int tile = readLevels(tilePath(folder, pattern, 0, 0)).width;
    const int total = tiles * (tile - 1) + 1;
    Levels out{total, total, std::vector<quint16>(static_cast<std::size_t>(total) * total)};
    for (int r = 0; r < tiles; ++r)
        for (int c = 0; c < tiles; ++c) {
            const Levels part = readLevels(tilePath(folder, pattern, c, r));
            EXPECT_EQ(part.width, tile);
            if (part.width != tile || part.height != tile) return {};
            for (int j = 0; j < tile - (r + 1 < tiles ? 1 : 0); ++j)
                for (int i = 0; i < tile - (c + 1 < tiles ? 1 : 0); ++i)
                    out.values[static_cast<std::size_t>(r * (tile - 1) + j) * total + c * (tile - 1) + i] = part.at(i, j);
        }
    return out;
}

// How many samples of a shared edge differ between each tile and its east and south neighbours.
int edgeMismatches(const QString& folder, const QString& pattern, int tiles)
{
    int mismatches = 0;
    for (int r = 0; r < tiles; ++r)
        for (int c = 0; c < tiles; ++c) {
            const Levels here = readLevels(tilePath(folder, pattern, c, r));
            const int last = here.width - 1;
            if (c + 1 < tiles) {
                const Levels east = readLevels(tilePath(folder, pattern, c + 1, r));
                for (int j = 0; j < here.height; ++j) mismatches += here.at(last, j) != east.at(0, j);
            }
            if (r + 1 < tiles) {
                const Levels south = readLevels(tilePath(folder, pattern, c, r + 1));
                for (int i = 0; i < here.width; ++i) mismatches += here.at(i, last) != south.at(i, 0);
            }
        }
    return mismatches;
}

class CliTiles : public ::testing::Test {
protected:
    void SetUp() override
    {
        ASSERT_TRUE(dir.isValid());
        out = dir.filePath("out");
        ASSERT_TRUE(QDir().mkpath(out));
    }

    // A demo map (the burst dam), made once per test.
    QString map(int size, const char* lattice = "square", int steps = 10)
    {
        const QString path = dir.filePath(QString("%1-%2-%3.rbmap").arg(lattice).arg(size).arg(steps));
        if (QFile::exists(path)) return path;
        const CliRun demo = cli({"demo", "--lattice", lattice, "--size", QString::number(size), "--steps", QString::number(steps), "-o", path});
        EXPECT_EQ(demo.exitCode, 0) << demo.err.toStdString();
        return path;
    }

    QString in(const QString& name) const { return QDir(out).filePath(name); }

    QJsonObject run(const QStringList& args)
    {
        const CliRun result = cli(QStringList{"export"} + args);
        EXPECT_EQ(result.exitCode, 0) << result.err.toStdString();
        return QJsonDocument::fromJson(result.out.toUtf8()).object();
    }

    QTemporaryDir dir;
    QString out;
};

TEST_F(CliTiles, SharedEdgesAreBitIdenticalBetweenNeighbours)
{
    struct Case {
        const char* engine;
        int mapSize;
        int tiles;
        QStringList layers; // option, file
    };
    const std::vector<Case> cases{
        {"unity", 129, 4, {"--terrain", "t.r16", "--water-depth", "d.r16", "--mask", "m.png"}},
        {"unreal", 253, 2, {"--terrain", "t.png", "--surface", "s.png"}},
        {"godot", 129, 3, {"--terrain", "t.r16", "--water-depth", "d.r16"}}, // 3 × 43 + 1 = 130: resampled
    };
    for (const Case& c : cases) {
        SCOPED_TRACE(c.engine);
        QStringList args{map(c.mapSize), "--engine", c.engine, "--tiles", QString::number(c.tiles)};
        for (int i = 0; i < c.layers.size(); i += 2) args << c.layers[i] << in(c.layers[i + 1]);
        const QJsonObject line = run(args);
        ASSERT_EQ(line["tiles"].toInt(), c.tiles);
        for (int i = 1; i < c.layers.size(); i += 2) {
            SCOPED_TRACE(c.layers[i].toStdString());
            EXPECT_EQ(edgeMismatches(out, c.layers[i], c.tiles), 0);
            // Not a flat layer: equal edges are a property of the cut, not of a constant raster.
            const Levels whole = stitch(out, c.layers[i], c.tiles);
            EXPECT_NE(*std::min_element(whole.values.begin(), whole.values.end()), *std::max_element(whole.values.begin(), whole.values.end()));
        }
        QDir(out).removeRecursively();
        QDir().mkpath(out);
    }
}

TEST_F(CliTiles, StitchedTilesGiveBackTheSingleFileExportWhenNotResampled)
{
    const QString square = map(129); // 4 × 32 + 1: Unity tiles of 33 without resampling
    const QJsonObject line = run({square, "--engine", "unity", "--tiles", "4", "--terrain", in("t.r16"), "--water-depth", in("d.r16")});
    EXPECT_FALSE(line["resampled"].toBool());
    EXPECT_EQ(line["tileSize"].toInt(), 33);
    EXPECT_FALSE(tilesReadJson(in("t.tiles.json"))["resampled"].toBool());
    run({square, "--engine", "unity", "--terrain", in("one.r16"), "--water-depth", in("oned.r16")});
    const Levels single = readLevels(in("one.r16"));
    ASSERT_EQ(single.width, 129);
    EXPECT_TRUE(stitch(out, "t.r16", 4) == single) << "the tiles are the single-file heightmap cut, not resampled or rescaled";
    EXPECT_TRUE(stitch(out, "d.r16", 4) == readLevels(in("oned.r16")));
}

TEST_F(CliTiles, AMapThatDoesNotDivideIsResampledToTheNearestLegalTotalAndSaysSo)
{
    for (const char* lattice : {"square", "triangle"}) {
        SCOPED_TRACE(lattice);
        // 100 (square) or 128 × 111 (triangle raster): Unity totals 2 × 32 + 1 = 65 and 2 × 64 + 1 = 129; 129 is nearer.
        const QString path = map(lattice == QString("square") ? 100 : 128, lattice);
        const CliRun result = cli({"export", path, "--engine", "unity", "--tiles", "2", "--terrain", in("t.r16")});
        ASSERT_EQ(result.exitCode, 0) << result.err.toStdString();
        const QJsonObject line = QJsonDocument::fromJson(result.out.toUtf8()).object();
        EXPECT_TRUE(line["resampled"].toBool());
        EXPECT_EQ(line["tileSize"].toInt(), 65);
        EXPECT_EQ(line["rasterWidth"].toInt(), 129);
        EXPECT_TRUE(result.err.contains("resampled to 129 x 129")) << result.err.toStdString();
        const QJsonObject manifest = tilesReadJson(in("t.tiles.json"));
        EXPECT_TRUE(manifest["resampled"].toBool());
        EXPECT_TRUE(manifest["resampling"].toString().contains("resampled to 129 x 129")) << manifest["resampling"].toString().toStdString();
        // The same grid as the single-file export at that size (the bundle's resampler), cut.
        run({path, "--engine", "unity", "--size", "129", "--terrain", in("one.r16")});
        EXPECT_TRUE(stitch(out, "t.r16", 2) == readLevels(in("one.r16")));
    }
}

TEST_F(CliTiles, TheManifestsOriginsAndSizesAreConsistent)
{
    run({map(129), "--engine", "unity", "--tiles", "4", "--terrain", in("t.r16"), "--mask", in("m.png")});
    const QJsonObject manifest = tilesReadJson(in("t.tiles.json"));
    ASSERT_EQ(manifest["generator"].toString(), "riverbed");
    const int tiles = manifest["columns"].toInt(), size = manifest["tileSize"].toInt();
    ASSERT_EQ(tiles, 4);
    EXPECT_EQ(manifest["totalSize"].toInt(), tiles * (size - 1) + 1);
    const double dx = manifest["spacing"][0].toDouble(), dy = manifest["spacing"][1].toDouble();
    const double x0 = manifest["setOrigin"][0].toDouble(), y0 = manifest["setOrigin"][1].toDouble();
    const QJsonArray list = manifest["tiles"].toArray();
    ASSERT_EQ(list.size(), tiles * tiles);
    QStringList listed{"t.tiles.json"};
    for (const QJsonValue& value : list) {
        const QJsonObject tile = value.toObject();
        const int c = tile["column"].toInt(), r = tile["row"].toInt();
        SCOPED_TRACE(QString("tile %1 %2").arg(c).arg(r).toStdString());
        EXPECT_NEAR(tile["origin"][0].toDouble(), x0 + c * (size - 1) * dx, 1e-9);
        EXPECT_NEAR(tile["origin"][1].toDouble(), y0 + r * (size - 1) * dy, 1e-9);
        EXPECT_EQ(tile["sizeSamples"].toInt(), size);
        EXPECT_NEAR(tile["sizeMetres"][0].toDouble(), (size - 1) * dx, 1e-9);
        // Unity's z runs north from the set's south edge: the southern row of tiles is at 0.
        EXPECT_NEAR(tile["unity"]["positionZ"].toDouble(), (tiles - 1 - r) * (size - 1) * dy, 1e-9);
        EXPECT_EQ(tile["files"]["terrain"].toString(), QFileInfo(tilePath(out, "t.r16", c, r)).fileName());
        for (const char* member : {"files", "sidecars"})
            for (const QJsonValue& file : tile[member].toObject()) {
                listed << file.toString();
                EXPECT_TRUE(QFile::exists(in(file.toString()))) << file.toString().toStdString();
            }
        const QJsonObject sidecar = tilesReadJson(in(tile["sidecars"]["terrain"].toString()));
        EXPECT_EQ(sidecar["width"].toInt(), size);
        EXPECT_EQ(sidecar["unity"]["heightmapResolution"].toInt(), size);
        EXPECT_NEAR(sidecar["unity"]["terrainWidth"].toDouble(), (size - 1) * dx, 1e-9);
        // One vertical scale for the whole set: what keeps a shared edge's levels equal.
        EXPECT_EQ(sidecar["unity"]["terrainHeight"], manifest["layers"]["terrain"]["import"]["terrainHeight"]);
    }
    listed.sort();
    QStringList present = QDir(out).entryList(QDir::Files | QDir::Hidden);
    present.sort();
    EXPECT_EQ(present, listed) << "the manifest names every file of the set and nothing else is written";
}

TEST_F(CliTiles, IllegalTileCountsAreRefusedAndNothingIsWritten)
{
    const QString square = map(129);
    struct Case {
        QStringList args;
        int exitCode;
        const char* message;
    };
    const std::vector<Case> cases{
        {{"--engine", "unity", "--tiles", "0", "--terrain", in("t.r16")}, 2, "--tiles must be at least 1, got 0"},
        {{"--engine", "unity", "--tiles", "-3", "--terrain", in("t.r16")}, 2, "--tiles must be at least 1"},
        {{"--engine", "unity", "--tiles", "two", "--terrain", in("t.r16")}, 2, "--tiles expects a whole number"},
        {{"--tiles", "2", "--terrain", in("t.r16")}, 2, "--tiles cuts engine heightmaps"},
        {{"--engine", "unity", "--tiles", "2", "--mask", in("m.png")}, 2, "--tiles needs --terrain"},
        {{"--engine", "unity", "--tiles", "2", "--terrain", in("t.r16"), "--size", "129"}, 2, "leave out --size"},
        {{"--engine", "unity", "--tiles", "2", "--terrain", in("t.r16"), "--gltf", in("g.glb")}, 2, "--gltf writes the whole map"},
        // 128 samples over 5 tiles: about 26 a side, under Unity's 33.
        {{"--engine", "unity", "--tiles", "5", "--terrain", in("t.r16")}, 1, "under unity's smallest tile of 33; use --tiles 4 or fewer"},
        {{"--engine", "unreal", "--tiles", "2", "--terrain", in("t.png")}, 1, "under unreal's smallest tile of 127; use --tiles 1 or fewer"},
        {{"--engine", "unity", "--tiles", "200", "--terrain", in("t.r16")}, 1, "--tiles 200"},
    };
    for (const Case& c : cases) {
        SCOPED_TRACE(c.args.join(' ').toStdString());
        const CliRun result = cli(QStringList{"export", square} + c.args);
        EXPECT_EQ(result.exitCode, c.exitCode) << result.err.toStdString();
        EXPECT_TRUE(result.err.contains(c.message)) << result.err.toStdString();
        EXPECT_TRUE(QDir(out).isEmpty()) << QDir(out).entryList(QDir::AllEntries | QDir::Hidden | QDir::NoDotAndDotDot).join(' ').toStdString();
    }
}

// The limits of the rule itself, on sizes too large to generate here.
TEST(TileLayout, RefusesTilesOverTheEnginesLargestAndSetsOverTheLargestSide)
{
    using namespace rb::io;
    const QString tooLarge = tileLayoutProblem(Engine::Unity, 1, GridSize{8193, 8193});
    EXPECT_TRUE(tooLarge.contains("over unity's largest tile of 4097; use --tiles 2 or more")) << tooLarge.toStdString();
    EXPECT_TRUE(tileLayoutProblem(Engine::Unity, 2, GridSize{8193, 8193}).isEmpty());
    // 16384 over 9 Unreal tiles: about 1821 a side, nearest 2017, a set of 18145 samples.
    const QString overSide = tileLayoutProblem(Engine::Unreal, 9, GridSize{16384, 16384});
    EXPECT_TRUE(overSide.contains("18145")) << overSide.toStdString();
    const TileLayout unreal = tileLayout(Engine::Unreal, 8, GridSize{16384, 16384});
    EXPECT_EQ(unreal.tileSize, 2017);
    EXPECT_EQ(unreal.total, 8 * 2016 + 1);
    EXPECT_TRUE(unreal.resampled);
    // Ties go to the larger tile: 97 is 32 from both 65 (2 × 32 + 1) and 129 (2 × 64 + 1).
    EXPECT_EQ(tileLayout(Engine::Unity, 2, GridSize{97, 97}).tileSize, 65);
    EXPECT_EQ(tileLayout(Engine::Unity, 2, GridSize{97, 97}).total, 129);
}

// All or nothing: every tile is staged, then the manifest (the last file) cannot be written under
// `ulimit -f 8`: the earlier set stays as it was, byte for byte, with no staging file left.
TEST_F(CliTiles, AFailedWriteLeavesTheEarlierSet)
{
    const QStringList outputs{"--engine", "unity", "--tiles", "4", "--terrain", in("t.r16"), "--water-depth", in("d.r16")};
    run(QStringList{map(129, "square", 10)} + outputs);
    const std::map<QString, QByteArray> before = snapshot(out);
    ASSERT_EQ(before.size(), 2u * 2 * 16 + 1); // two layers of 16 tiles with sidecars, the manifest
    ASSERT_GT(before.at("t.tiles.json").size(), 8 * 1024) << "the manifest must be the file over the limit";

    const CliRun failed = cliInShell(QStringList{"export", map(129, "square", 60)} + outputs, 8);
    EXPECT_EQ(failed.exitCode, 1) << failed.err.toStdString();
    EXPECT_TRUE(failed.err.contains("t.tiles.json") && failed.err.contains("File too large")) << failed.err.toStdString();
    EXPECT_TRUE(failed.err.contains("the earlier tiles and manifest are unchanged")) << failed.err.toStdString();
    EXPECT_EQ(changedFiles(before, snapshot(out)), "");

    // Without the limit the same command replaces the water tiles (the check above is not vacuous).
    run(QStringList{map(129, "square", 60)} + outputs);
    const QStringList changed = changedFiles(before, snapshot(out)).split(' ');
    EXPECT_TRUE(changed.contains("d_x1_y1.r16") && changed.contains("t.tiles.json")) << changed.join(' ').toStdString();
}

// A set with fewer tiles over an earlier one leaves none of the earlier tiles behind.
TEST_F(CliTiles, AReexportWithFewerTilesRemovesTheEarlierOnes)
{
    run({map(129), "--engine", "unity", "--tiles", "4", "--terrain", in("t.r16")});
    ASSERT_TRUE(QFile::exists(in("t_x3_y3.r16")));
    run({map(129), "--engine", "unity", "--tiles", "2", "--terrain", in("t.r16")});
    QStringList present = QDir(out).entryList(QDir::Files | QDir::Hidden);
    present.sort();
    EXPECT_EQ(present.join(' '), "t.tiles.json t_x0_y0.r16 t_x0_y0.r16.json t_x0_y1.r16 t_x0_y1.r16.json t_x1_y0.r16 t_x1_y0.r16.json "
                                 "t_x1_y1.r16 t_x1_y1.r16.json");
}

} // namespace
