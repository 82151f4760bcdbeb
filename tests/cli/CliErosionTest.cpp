// riverbed-cli and erosion: simulate --erosion and its rates (the ledger lines gain sediment and
// eroded, and eroded is the bed the saved maps lost), bad values refused before anything is
// written, export --erodibility/--deposition with the map's values, info's erosion section.
#include "CliRun.h"

#include "io/export/LayerExport.h"
#include "io/map/MapFile.h"
#include "io/raster/RasterReader.h"

#include <gtest/gtest.h>

#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>

#include <cmath>

namespace rb {
namespace {

using test::CliRun;
using test::cli;

std::vector<QJsonObject> jsonLines(const QString& out)
{
    std::vector<QJsonObject> lines;
    for (const QString& line : out.split('\n', Qt::SkipEmptyParts)) lines.push_back(QJsonDocument::fromJson(line.toUtf8()).object());
    return lines;
}

Map readMap(const QString& path)
{
    QString error;
    std::optional<Map> map = io::readMapFile(path, &error);
    EXPECT_TRUE(map) << error.toStdString();
    return map ? *map : Map{};
}

FloatField readRaster(const QString& path)
{
    QString error;
    const std::optional<io::SampleRaster> raster = io::readSampleRaster(path, &error);
    EXPECT_TRUE(raster) << error.toStdString();
    return raster ? raster->samples : FloatField{};
}

QJsonObject readJson(const QString& path)
{
    QFile file(path);
    EXPECT_TRUE(file.open(QIODevice::ReadOnly)) << path.toStdString();
    return QJsonDocument::fromJson(file.readAll()).object();
}

class CliErosion : public ::testing::Test {
protected:
    void SetUp() override
    {
        ASSERT_TRUE(dir.isValid());
        river = dir.filePath("river.rbmap");
        const CliRun generate = cli({"generate", "--preset", "river", "--size", "48", "--seed", "3", "-o", river});
        ASSERT_EQ(generate.exitCode, 0) << generate.err.toStdString();
    }
    // The river eroded for `steps` steps into `out`; the run's JSON lines.
    std::vector<QJsonObject> erode(const QString& out, int steps, const QStringList& extra = {})
    {
        const CliRun run = cli(QStringList{"simulate", river, "--steps", QString::number(steps), "--report-every", "20", "--erosion", "-o", out} + extra);
        EXPECT_EQ(run.exitCode, 0) << run.err.toStdString();
        return jsonLines(run.out);
    }
    QTemporaryDir dir;
    QString river;
};

// The bed with the remainder its float has not taken yet (docs/erosion.md, "Conservation").
double bedAt(const MapState& state, std::size_t i)
{
    return static_cast<double>(state.bed[i]) + (state.bedRemainder.empty() ? 0.0 : static_cast<double>(state.bedRemainder[i]));
}

// The net m³ the bed lost between two saved maps, in double.
double bedLost(const Map& before, const Map& after)
{
    EXPECT_EQ(before.state.bed.size(), after.state.bed.size());
    double lost = 0.0;
    for (std::size_t i = 0; i < before.state.bed.size(); ++i) lost += bedAt(before.state, i) - bedAt(after.state, i);
    return lost * before.state.lattice.cellArea();
}

double depositionVolume(const Map& map)
{
    double sum = 0.0;
    for (float d : map.state.deposition.values()) sum += d;
    return sum * map.state.lattice.cellArea();
}

TEST_F(CliErosion, LedgerLinesCarrySedimentAndErodedAndErodedIsTheBedLost)
{
    // With the talus at 89° nothing slides, so every change of the bed is an exchange with the load.
    const QString out = dir.filePath("eroded.rbmap");
    const std::vector<QJsonObject> lines = erode(out, 120, {"--talus", "89"});
    ASSERT_EQ(lines.size(), 7u);
    for (const QJsonObject& line : lines) {
        ASSERT_TRUE(line.contains("sediment")) << QJsonDocument(line).toJson().toStdString();
        ASSERT_TRUE(line.contains("eroded"));
        EXPECT_GE(line["sediment"].toDouble(), 0.0);
    }
    EXPECT_EQ(lines.front()["eroded"].toDouble(), 0.0);
    EXPECT_EQ(lines.front()["sediment"].toDouble(), 0.0);
    const Map before = readMap(river), after = readMap(out);
    const double eroded = lines.back()["eroded"].toDouble();
    EXPECT_GT(eroded, 1.0) << "the river should carve its bed";
    EXPECT_GT(lines.back()["sediment"].toDouble(), 0.0);
    EXPECT_EQ(after.state.sedimentLedger.slid, 0.0);
    const double lost = bedLost(before, after);
    EXPECT_NEAR(lost, eroded - after.state.sedimentLedger.rounding, 1e-6 * std::abs(eroded)) << "bed lost " << lost << " m³, the ledger says " << eroded;
    EXPECT_NEAR(-depositionVolume(after), lost, 1e-6 * std::abs(lost));
    // The suspended load and the ledger's totals are those of the saved map.
    EXPECT_DOUBLE_EQ(lines.back()["sediment"].toDouble(), after.state.sedimentVolume());
    EXPECT_EQ(eroded, after.state.sedimentLedger.netEroded());
    EXPECT_TRUE(after.params.erosion.enabled);
    EXPECT_EQ(io::mapFormatVersion(after), 4u);
}

// With the default talus the slide moves far more bed than the water takes (bed to bed). Its float
// rounding (the shares its cells give and receive are rounded apart) is booked in `rounding`, not
// in `eroded`: the bed lost is `eroded − rounding`, to 1e-6.
TEST_F(CliErosion, WithTheSlideErodedDiffersFromTheBedOnlyByTheSlidesRounding)
{
    const QString out = dir.filePath("slid.rbmap");
    const std::vector<QJsonObject> lines = erode(out, 120);
    const Map before = readMap(river), after = readMap(out);
    EXPECT_GT(after.state.sedimentLedger.slid, 0.0) << "the slopes should slide";
    const double eroded = lines.back()["eroded"].toDouble(), lost = bedLost(before, after);
    EXPECT_GT(eroded, 1.0);
    EXPECT_NEAR(lost, eroded - after.state.sedimentLedger.rounding, 1e-6 * std::abs(eroded)) << "bed lost " << lost << " m³, the ledger says " << eroded;
    EXPECT_NEAR(-depositionVolume(after), lost, 1e-6 * std::abs(lost));
}

TEST_F(CliErosion, RatesReachTheMapAndLinesStayWithoutErosion)
{
    const QString out = dir.filePath("rates.rbmap");
    erode(out, 5, {"--erosion-rate", "0.25", "--deposition-rate", "0.125", "--capacity", "0.05", "--talus", "30"});
    const Map map = readMap(out);
    EXPECT_TRUE(map.params.erosion.enabled);
    EXPECT_EQ(map.params.erosion.erosionRate, 0.25);
    EXPECT_EQ(map.params.erosion.depositionRate, 0.125);
    EXPECT_EQ(map.params.erosion.capacity, 0.05);
    EXPECT_EQ(map.params.erosion.talusDegrees, 30.0);
    EXPECT_EQ(map.params.erosion.thermalRate, ErosionParams{}.thermalRate);

    // A map that never eroded, simulated without --erosion: the lines are as they were.
    const CliRun plain = cli({"simulate", river, "--steps", "4"});
    ASSERT_EQ(plain.exitCode, 0) << plain.err.toStdString();
    for (const QJsonObject& line : jsonLines(plain.out)) {
        EXPECT_FALSE(line.contains("sediment"));
        EXPECT_FALSE(line.contains("eroded"));
    }
    // A map with erosion state keeps reporting it, its own parameters in force.
    const CliRun again = cli({"simulate", out, "--steps", "4"});
    ASSERT_EQ(again.exitCode, 0) << again.err.toStdString();
    for (const QJsonObject& line : jsonLines(again.out)) EXPECT_TRUE(line.contains("eroded"));
}

TEST_F(CliErosion, InflowSedimentIsBroughtByTheInflowsAndBooked)
{
    const QString out = dir.filePath("laden.rbmap");
    erode(out, 200, {"--boundary", "west=inflow:4", "--inflow-sediment", "0.02"});
    const Map map = readMap(out);
    ASSERT_FALSE(map.boundary.empty());
    for (const BoundarySegment& s : map.boundary)
        if (s.type == BoundaryType::Inflow) {
            EXPECT_EQ(s.sediment, 0.02);
        }
    // At least half of 4 m³/s for 200 steps at 2%, and at most 2% of all the water that came in
    // (the river's own inflow brings it too; its sea side brings clean water).
    const double seconds = 200 * map.params.dt, brought = map.state.sedimentLedger.carried.boundaryIn;
    EXPECT_GT(brought, 0.5 * 4.0 * seconds * 0.02);
    EXPECT_LE(brought, 1.0001 * 0.02 * map.state.ledger.boundaryIn);
}

TEST_F(CliErosion, BadValuesAreRefusedAndNothingIsWritten)
{
    const QString out = dir.filePath("never.rbmap");
    const QList<QPair<QStringList, QString>> bad = {
        {{"--erosion", "--erosion-rate", "-1"}, "erosion rate"},
        {{"--erosion", "--deposition-rate", "fast"}, "--deposition-rate expects a number"},
        {{"--erosion", "--capacity", "nan"}, "--capacity expects a number"},
        {{"--erosion", "--capacity", "-0.5"}, "erosion capacity"},
        {{"--erosion", "--talus", "95"}, "talus angle"},
        {{"--erosion", "--talus", "0"}, "talus angle"},
        {{"--erosion-rate", "0.5"}, "add --erosion"},
        {{"--talus", "30"}, "add --erosion"},
        {{"--inflow-sediment", "0.01"}, "add --erosion"},
        {{"--erosion", "--inflow-sediment", "0.7"}, "--inflow-sediment"},
        {{"--erosion-interval", "8"}, "add --erosion"},
        {{"--erosion", "--erosion-interval", "0"}, "bed interval"},
        {{"--erosion", "--erosion-interval", "1001"}, "bed interval"},
        {{"--erosion", "--erosion-interval", "2.5"}, "--erosion-interval must be a whole number"},
    };
    for (const auto& [options, phrase] : bad) {
        const CliRun run = cli(QStringList{"simulate", river, "--steps", "3", "-o", out} + options);
        EXPECT_EQ(run.exitCode, 2) << options.join(' ').toStdString() << "\n" << run.err.toStdString();
        EXPECT_TRUE(run.err.contains(phrase)) << options.join(' ').toStdString() << ": " << run.err.toStdString();
        EXPECT_TRUE(run.out.isEmpty()) << options.join(' ').toStdString();
        EXPECT_FALSE(QFile::exists(out)) << options.join(' ').toStdString();
    }
}

TEST_F(CliErosion, ExportsTheErodibilityAndTheDeposition)
{
    const QString out = dir.filePath("eroded.rbmap");
    erode(out, 60, {"--erosion-interval", "4"}); // the bed updates 15 times
    // A soft bank and bedrock beside it, written into the eroded map.
    Map map = readMap(out);
    const int w = map.state.lattice.width(), h = map.state.lattice.height();
    map.state.erodibility = FloatField(w, h);
    for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x) map.state.erodibility(x, y) = static_cast<float>((x + 2 * y) % 9) / 8.0f;
    QString error;
    ASSERT_TRUE(io::writeMapFile(out, map, &error)) << error.toStdString();
    ASSERT_FALSE(map.state.deposition.empty());

    const QString erodNpy = dir.filePath("erod.npy"), depNpy = dir.filePath("dep.npy"), depPng = dir.filePath("dep.png"), erodPng = dir.filePath("erod.png");
    for (const auto& [erodibility, deposition] : {std::pair{erodNpy, depNpy}, std::pair{erodPng, depPng}}) {
        const CliRun run = cli({"export", out, "--erodibility", erodibility, "--deposition", deposition});
        ASSERT_EQ(run.exitCode, 0) << run.err.toStdString();
    }
    // Floats: the map's values exactly (a square lattice exports one pixel per cell).
    EXPECT_TRUE(readRaster(erodNpy) == map.state.erodibility);
    EXPECT_TRUE(readRaster(depNpy) == map.state.deposition);
    float largest = 0.0f;
    for (float d : map.state.deposition.values()) largest = std::max(largest, std::abs(d));
    ASSERT_GT(largest, 0.0f) << "the river should have changed its bed";

    // PNG: 16-bit levels; the deposition centred on mid-level, its scale in the sidecar.
    const QJsonObject sidecar = readJson(depPng + ".json");
    const double scale = sidecar["scale"].toDouble();
    EXPECT_FLOAT_EQ(static_cast<float>(scale), largest);
    EXPECT_EQ(sidecar["min"].toDouble(), -scale);
    EXPECT_EQ(sidecar["max"].toDouble(), scale);
    const FloatField levels = readRaster(depPng), erodLevels = readRaster(erodPng);
    ASSERT_EQ(levels.size(), map.state.deposition.size());
    for (std::size_t i = 0; i < levels.size(); ++i) {
        EXPECT_NEAR((levels[i] / 65535.0 * 2.0 - 1.0) * scale, map.state.deposition[i], scale / 65535.0 + 1e-6) << i;
        EXPECT_NEAR(erodLevels[i] / 65535.0, map.state.erodibility[i], 1.0 / 65535.0) << i;
    }
    EXPECT_EQ(readJson(erodPng + ".json")["max"].toDouble(), 1.0);
}

TEST_F(CliErosion, AMapThatNeverErodedExportsLooseSoilAndNoChange)
{
    // The generator writes an erodibility; a map from before it (or imported) has none.
    Map plain = readMap(river);
    plain.state.erodibility = {};
    const QString bare = dir.filePath("bare.rbmap");
    QString error;
    ASSERT_TRUE(io::writeMapFile(bare, plain, &error)) << error.toStdString();
    const QString erod = dir.filePath("erod.exr"), dep = dir.filePath("dep.tif"), depPng = dir.filePath("dep.png");
    const CliRun run = cli({"export", bare, "--erodibility", erod, "--deposition", dep});
    ASSERT_EQ(run.exitCode, 0) << run.err.toStdString();
    const FloatField erodibility = readRaster(erod), deposition = readRaster(dep);
    ASSERT_FALSE(erodibility.empty());
    for (float v : erodibility.values()) ASSERT_EQ(v, 1.0f);
    ASSERT_FALSE(deposition.empty());
    for (float v : deposition.values()) ASSERT_EQ(v, 0.0f);
    ASSERT_EQ(cli({"export", bare, "--deposition", depPng}).exitCode, 0);
    const FloatField levels = readRaster(depPng);
    ASSERT_FALSE(levels.empty());
    for (float v : levels.values()) ASSERT_EQ(v, 32768.0f); // round(0.5 · 65535): no change
    EXPECT_EQ(readJson(depPng + ".json")["scale"].toDouble(), 1.0);
}

// The bed updates on multiples of --erosion-interval of the step counter: a run ending before
// the next update says so (the terrain would not change), one reaching it does not, and the map
// keeps the interval.
TEST_F(CliErosion, TheBedIntervalIsKeptAndARunEndingBeforeAnUpdateSaysSo)
{
    const QString out = dir.filePath("eroded.rbmap");
    const CliRun shortRun = cli({"simulate", river, "--steps", "20", "--erosion", "--erosion-interval", "32", "-o", out});
    ASSERT_EQ(shortRun.exitCode, 0) << shortRun.err.toStdString();
    EXPECT_TRUE(shortRun.err.contains("before the next update at step 32")) << shortRun.err.toStdString();
    const Map map = readMap(out);
    EXPECT_EQ(map.params.erosion.interval, 32);
    EXPECT_TRUE(map.state.bed == readMap(river).state.bed) << "no update yet";
    const CliRun reaching = cli({"simulate", out, "--steps", "12", "-o", out});
    ASSERT_EQ(reaching.exitCode, 0) << reaching.err.toStdString();
    EXPECT_FALSE(reaching.err.contains("next update")) << reaching.err.toStdString();
    EXPECT_FALSE(readMap(out).state.bed == map.state.bed) << "step 32 updated the bed";
    const CliRun info = cli({"info", out});
    EXPECT_EQ(QJsonDocument::fromJson(info.out.toUtf8()).object()["erosion"].toObject()["interval_steps"].toInt(), 32);
}

TEST_F(CliErosion, InfoShowsTheErosion)
{
    const QString out = dir.filePath("eroded.rbmap");
    const std::vector<QJsonObject> lines = erode(out, 40);
    const CliRun eroded = cli({"info", out});
    ASSERT_EQ(eroded.exitCode, 0) << eroded.err.toStdString();
    const QJsonObject erosion = QJsonDocument::fromJson(eroded.out.toUtf8()).object()["erosion"].toObject();
    EXPECT_TRUE(erosion["enabled"].toBool());
    EXPECT_EQ(erosion["eroded"].toDouble(), lines.back()["eroded"].toDouble());
    EXPECT_DOUBLE_EQ(erosion["sediment"].toDouble(), lines.back()["sediment"].toDouble());
    EXPECT_TRUE(erosion["deposition"].toBool());
    EXPECT_EQ(erosion["talus_degrees"].toDouble(), 35.0);

    const CliRun plain = cli({"info", river});
    ASSERT_EQ(plain.exitCode, 0);
    const QJsonObject none = QJsonDocument::fromJson(plain.out.toUtf8()).object()["erosion"].toObject();
    EXPECT_FALSE(none["enabled"].toBool());
    EXPECT_EQ(none["sediment"].toDouble(), 0.0);
    EXPECT_EQ(none["eroded"].toDouble(), 0.0);
}

} // namespace
} // namespace rb
