// riverbed-cli export --splat and --bundle: the JSON line, the files, and the usage errors.
#include "CliRun.h"

#include <gtest/gtest.h>

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QImage>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>

namespace {

using rb::test::CliRun;
using rb::test::cli;

QJsonObject splatLastJsonLine(const QString& text)
{
    const QStringList lines = text.split('\n', Qt::SkipEmptyParts);
    return lines.isEmpty() ? QJsonObject() : QJsonDocument::fromJson(lines.last().toUtf8()).object();
}

class CliSplatBundle : public ::testing::Test {
protected:
    static void SetUpTestSuite()
    {
        dir_ = new QTemporaryDir;
        ASSERT_EQ(cli({"generate", "--preset", "island", "--size", "48", "-o", map()}).exitCode, 0);
    }
    static void TearDownTestSuite() { delete dir_; }
    static QString map() { return dir_->filePath("island.rbmap"); }
    static QString path(const QString& name) { return dir_->filePath(name); }

private:
    static QTemporaryDir* dir_;
};

QTemporaryDir* CliSplatBundle::dir_ = nullptr;

TEST_F(CliSplatBundle, SplatIsAnRgbaPngWithItsParametersInTheReport)
{
    const CliRun run = cli({"export", map(), "--splat", path("s.png"), "--splat-slope", "20:35", "--splat-shore", "10"});
    ASSERT_EQ(run.exitCode, 0) << run.err.toStdString();
    const QJsonObject splat = splatLastJsonLine(run.out)["details"].toObject()["splat"].toObject();
    EXPECT_EQ(splat["parameters"].toObject()["slopeDegrees"].toArray(), (QJsonArray{20, 35}));
    EXPECT_EQ(splat["parameters"].toObject()["shoreWidth"].toDouble(), 10.0);
    EXPECT_EQ(splat["parameters"].toObject()["seaLevel"].toDouble(), 0.0); // the island's sea boundary
    const QImage image(path("s.png"));
    EXPECT_EQ(image.width(), 48);
    EXPECT_TRUE(image.hasAlphaChannel());
}

TEST_F(CliSplatBundle, BundlePrintsEveryFileAndTheManifest)
{
    const QString folder = path("bundle");
    const CliRun run = cli({"export", map(), "--bundle", folder, "--engine", "unity"});
    ASSERT_EQ(run.exitCode, 0) << run.err.toStdString();
    const QJsonObject line = splatLastJsonLine(run.out);
    EXPECT_EQ(line["engine"].toString(), "unity");
    const QJsonArray files = line["files"].toArray();
    EXPECT_EQ(files.last().toString(), QDir(folder).absoluteFilePath("manifest.json"));
    EXPECT_EQ(files.size(), QDir(folder).entryList(QDir::Files | QDir::Hidden).size());
    for (const QJsonValue& file : files) EXPECT_TRUE(QFileInfo::exists(file.toString())) << file.toString().toStdString();
    EXPECT_EQ(line["manifest"].toObject()["map"].toString(), "island");
    // The CLI's bundle holds the meshes and the river network beside the rasters, each once.
    QStringList roles;
    for (const QJsonValue& entry : line["manifest"].toObject()["files"].toArray()) roles << entry.toObject()["role"].toString();
    EXPECT_EQ(roles.count("meshes"), 1) << roles.join(',').toStdString();
    EXPECT_EQ(roles.count("rivers"), 1) << roles.join(',').toStdString();
    const QJsonDocument rivers = QJsonDocument::fromJson([&] {
        QFile file(QDir(folder).filePath("rivers.json"));
        return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
    }());
    EXPECT_TRUE(rivers.object().contains("rivers"));

    QFile other(QDir(folder).filePath("notes.txt")); // no longer only a bundle? still one: it has our manifest
    ASSERT_TRUE(other.open(QIODevice::WriteOnly));
    other.close();
    EXPECT_EQ(cli({"export", map(), "--bundle", folder, "--engine", "godot"}).exitCode, 0);
    EXPECT_TRUE(QFileInfo::exists(QDir(folder).filePath("notes.txt")));
    EXPECT_FALSE(QFileInfo::exists(QDir(folder).filePath("terrain.r16"))); // Unity's heights went with Unity's manifest
}

TEST_F(CliSplatBundle, UsageErrorsExitWithTwoAndSayWhy)
{
    const struct {
        QStringList args;
        const char* says;
    } cases[] = {
        {{"--bundle", path("b2")}, "--engine"},
        {{"--bundle", path("b2"), "--engine", "unity", "--terrain", path("t.r16")}, "--terrain"},
        {{"--bundle", path("b2"), "--engine", "unity", "--flow-bits", "16"}, "--flow-bits"},
        {{"--bundle", path("b2"), "--engine", "unity", "--currents", path("c.png")}, "--currents cannot be combined with --bundle"},
        {{"--bundle", path("b2"), "--engine", "unity", "--dye", path("d.png")}, "--dye cannot be combined with --bundle"},
        {{"--bundle", path("b2"), "--engine", "unity", "--erodibility", path("e.exr")}, "--erodibility cannot be combined with --bundle"},
        {{"--bundle", path("b2"), "--engine", "unity", "--deposition", path("p.exr")}, "--deposition cannot be combined with --bundle"},
        {{"--splat", path("s.exr")}, ".png"},
        {{"--splat", path("s.png"), "--splat-slope", "40:20"}, "--splat-slope must be LO:HI in degrees"},
        {{"--splat", path("s.png"), "--splat-shore", "-1"}, "--splat-shore"},
        {{"--splat", path("s.png"), "--force"}, "--force"},
    };
    for (const auto& c : cases) {
        const CliRun run = cli(QStringList{"export", map()} + c.args);
        EXPECT_EQ(run.exitCode, 2) << c.args.join(' ').toStdString();
        EXPECT_TRUE(run.err.contains(c.says)) << run.err.toStdString();
    }
    QDir().mkpath(path("full"));
    QFile mine(path("full/mine.txt"));
    ASSERT_TRUE(mine.open(QIODevice::WriteOnly));
    mine.close();
    const CliRun refused = cli({"export", map(), "--bundle", path("full"), "--engine", "unreal"});
    EXPECT_EQ(refused.exitCode, 2);
    EXPECT_TRUE(refused.err.contains("--force")) << refused.err.toStdString();
    EXPECT_EQ(cli({"export", map(), "--bundle", path("full"), "--engine", "unreal", "--force"}).exitCode, 0);
}

} // namespace
