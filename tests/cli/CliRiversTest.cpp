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

QJsonObject readJson(const QString& path)
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

    const QJsonObject doc = readJson(json);
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
