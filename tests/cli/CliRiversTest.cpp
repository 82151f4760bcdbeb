// `export --rivers`: the JSON of docs/export.md from a simulated river, and usage errors.
#include "CliRun.h"

#include <gtest/gtest.h>

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QStringList>
#include <QTemporaryDir>

namespace {

using rb::test::CliRun;
using rb::test::cli;

QJsonObject riversReadJson(const QString& path)
{
    QFile file(path);
    EXPECT_TRUE(file.open(QIODevice::ReadOnly)) << path.toStdString();
    return QJsonDocument::fromJson(file.readAll()).object();
}

TEST(CliRivers, ExportsTheDocumentedSchema)
{
    QTemporaryDir dir;
    const QString map = dir.filePath("river.rbmap"), json = dir.filePath("rivers.json");
    ASSERT_EQ(cli({"generate", "--preset", "river", "--size", "64", "--seed", "9", "-o", map}).exitCode, 0);
    const CliRun run = cli({"simulate", map, "--steps", "1500", "--model", "momentum", "--manning", "0.035", "--dt", "auto", "-o", map});
    ASSERT_EQ(run.exitCode, 0) << run.err.toStdString();
    const CliRun exported = cli({"export", map, "--rivers", json});
    ASSERT_EQ(exported.exitCode, 0) << exported.err.toStdString();
    const QJsonObject line = QJsonDocument::fromJson(exported.out.toUtf8()).object();
    EXPECT_EQ(line["files"].toObject()["rivers"].toString(), json);
    EXPECT_GE(line["details"].toObject()["rivers"].toObject()["rivers"].toInt(), 1);

    const QJsonObject doc = riversReadJson(json);
    EXPECT_EQ(doc["version"].toInt(), 1);
    EXPECT_EQ(doc["units"].toObject()["discharge"].toString(), "m3/s");
    EXPECT_EQ(doc["axes"].toObject()["y"].toString(), "south");
    EXPECT_EQ(doc["seaLevel"].toDouble(), 0.0); // the preset's sea boundary
    EXPECT_GE(doc["coast"].toArray().size(), 1);
    const QJsonArray rivers = doc["rivers"].toArray();
    ASSERT_GE(rivers.size(), 1);
    const QJsonObject river = rivers[0].toObject();
    EXPECT_EQ(river["id"].toInt(), 0);
    EXPECT_TRUE(river["downstream"].isNull() || river["downstream"].isDouble());
    // Every line says why it ends; a line that joins another ends at a confluence, one that ends
    // in a lake names it.
    for (const QJsonValue& value : rivers) {
        const QJsonObject r = value.toObject();
        const QString end = r["end"].toString();
        EXPECT_TRUE(QStringList({"confluence", "sea", "lake", "border", "fades", "eddy"}).contains(end)) << end.toStdString();
        EXPECT_EQ(end == "confluence", r["downstream"].isDouble()) << end.toStdString();
        EXPECT_EQ(end == "lake", r["lake"].isDouble()) << end.toStdString();
    }
    // The preset's river runs from its inflow to the sea in one line.
    EXPECT_EQ(river["end"].toString(), "sea");
    const QJsonArray points = river["points"].toArray();
    ASSERT_GE(points.size(), 10);
    for (const QJsonValue& value : points) {
        const QJsonObject p = value.toObject();
        for (const char* key : {"x", "y", "z", "width", "depth", "velocity", "vx", "vy", "discharge"})
            ASSERT_TRUE(p[key].isDouble()) << key;
        EXPECT_GT(p["discharge"].toDouble(), 0.0);
        EXPECT_GT(p["width"].toDouble(), 0.0);
    }
}

// simulate --tag-springs gives each spring a dye channel of its own and names it; export --rivers
// then counts each line's own springs' water ("bySpring"), and no line of a 3 m³/s spring's island
// carries more than its springs give (the crowded seed whose touching water a line counted twice).
TEST(CliRivers, TaggedSpringsAreCountedBySpring)
{
    QTemporaryDir dir;
    const QString map = dir.filePath("island.rbmap"), json = dir.filePath("rivers.json");
    ASSERT_EQ(cli({"generate", "--preset", "island", "--param", "width=128", "--param", "height=128", "--param", "seed=4", "-o", map}).exitCode, 0);
    const CliRun run = cli({"simulate", map, "--steps", "3600", "--report-every", "3600", "--model", "momentum", "--manning", "0.035", "--tag-springs", "-o", map});
    ASSERT_EQ(run.exitCode, 0) << run.err.toStdString();
    for (const char* tag : {"spring 0 at (85, 83) m carries dye channel 0", "spring 1 at (147, 155) m carries dye channel 1", "spring 2 at (131, 155) m carries dye channel 2"})
        EXPECT_TRUE(run.err.contains(tag)) << run.err.toStdString();
    const CliRun exported = cli({"export", map, "--rivers", json});
    ASSERT_EQ(exported.exitCode, 0) << exported.err.toStdString();
    EXPECT_TRUE(QJsonDocument::fromJson(exported.out.toUtf8()).object()["details"].toObject()["rivers"].toObject()["bySpring"].toBool());
    const QJsonObject doc = riversReadJson(json);
    EXPECT_TRUE(doc["bySpring"].toBool());
    EXPECT_EQ(doc["rivers"].toArray().size(), 3);
    for (const QJsonValue& river : doc["rivers"].toArray())
        for (const QJsonValue& p : river.toObject()["points"].toArray()) EXPECT_LT(p.toObject()["discharge"].toDouble(), 3.2);
}

// With more springs than free channels, the ones left over are named, and the run goes on.
TEST(CliRivers, SpringsBeyondTheFreeChannelsAreNamed)
{
    QTemporaryDir dir;
    const QString map = dir.filePath("river.rbmap");
    ASSERT_EQ(cli({"generate", "--preset", "river", "--size", "32", "-o", map}).exitCode, 0);
    const CliRun run = cli({"simulate", map, "--steps", "2", "--tag-springs", "--spring", "10,10,1,3", "--spring", "12,10,1", "--spring", "14,10,1",
                            "--spring", "16,10,1", "--spring", "18,10,1"});
    ASSERT_EQ(run.exitCode, 0) << run.err.toStdString();
    EXPECT_TRUE(run.err.contains("spring 1 at (12, 10) m carries dye channel 0")) << run.err.toStdString();
    EXPECT_TRUE(run.err.contains("spring 3 at (16, 10) m carries dye channel 2")) << run.err.toStdString();
    EXPECT_TRUE(run.err.contains("stay untagged")) << run.err.toStdString();
    EXPECT_TRUE(run.err.contains("spring 4 at (18, 10) m")) << run.err.toStdString();
}

TEST(CliRivers, BadOptionsExitWithTwoAndWriteNothing)
{
    QTemporaryDir dir;
    const QString map = dir.filePath("river.rbmap");
    ASSERT_EQ(cli({"generate", "--preset", "river", "--size", "32", "-o", map}).exitCode, 0);
    const CliRun notJson = cli({"export", map, "--rivers", dir.filePath("r.txt")});
    EXPECT_EQ(notJson.exitCode, 2);
    EXPECT_TRUE(notJson.err.contains(".json")) << notJson.err.toStdString();
    const CliRun badThreshold = cli({"export", map, "--rivers", dir.filePath("r.json"), "--river-threshold", "7"});
    EXPECT_EQ(badThreshold.exitCode, 2);
    EXPECT_TRUE(badThreshold.err.contains("--river-threshold")) << badThreshold.err.toStdString();
    const CliRun lonelyThreshold = cli({"export", map, "--terrain", dir.filePath("t.png"), "--river-threshold", "0.2"});
    EXPECT_EQ(lonelyThreshold.exitCode, 2);
    EXPECT_FALSE(QFile::exists(dir.filePath("r.json")));
    EXPECT_FALSE(QFile::exists(dir.filePath("r.txt")));
    EXPECT_FALSE(QFile::exists(dir.filePath("t.png")));
}

} // namespace
