// riverbed-cli and the time-mean flow: simulate --mean-from T records it into -o's map (and says
// over which window), info shows the window, export --velocity/--flowmap --mean write it and say
// so, a map without a mean is refused with a message, and a T before the map's time (unless it
// continues the map's own mean) or after the run's end is never a silent wrong answer.
#include "CliRun.h"

#include "io/map/MapFile.h"

#include <gtest/gtest.h>

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>

namespace rb {
namespace {

using test::CliRun;
using test::cli;

QJsonObject meanFlowLastJsonLine(const QString& out)
{
    const QStringList lines = out.split('\n', Qt::SkipEmptyParts);
    return lines.isEmpty() ? QJsonObject{} : QJsonDocument::fromJson(lines.last().toUtf8()).object();
}

QByteArray fileBytes(const QString& path)
{
    QFile file(path);
    EXPECT_TRUE(file.open(QIODevice::ReadOnly)) << path.toStdString();
    return file.readAll();
}

class CliMeanFlow : public ::testing::Test {
protected:
    void SetUp() override
    {
        ASSERT_TRUE(dir.isValid());
        river = path("river.rbmap");
        const CliRun generate = cli({"generate", "--preset", "river", "--size", "48", "--seed", "3", "-o", river});
        ASSERT_EQ(generate.exitCode, 0) << generate.err.toStdString();
        recorded = path("recorded.rbmap");
        const CliRun run = cli({"simulate", river, "--steps", "200", "--model", "momentum", "--manning", "0.03", "--mean-from", "0", "-o", recorded});
        ASSERT_EQ(run.exitCode, 0) << run.err.toStdString();
        ASSERT_TRUE(run.err.contains("time-mean flow recorded over 0–")) << run.err.toStdString();
    }
    QString path(const QString& name) const { return dir.filePath(name); }
    QJsonObject info(const QString& map) const
    {
        const CliRun run = cli({"info", map});
        EXPECT_EQ(run.exitCode, 0) << run.err.toStdString();
        return meanFlowLastJsonLine(run.out);
    }
    QTemporaryDir dir;
    QString river, recorded;
};

TEST_F(CliMeanFlow, SimulateRecordsTheWindowAndInfoShowsIt)
{
    const QJsonObject described = info(recorded);
    const QJsonObject window = described["mean_flow"].toObject();
    EXPECT_EQ(window["from"].toDouble(), 0.0);
    EXPECT_EQ(window["to"].toDouble(), described["time"].toDouble());
    EXPECT_NEAR(window["seconds"].toDouble(), described["time"].toDouble(), 1e-9);
    EXPECT_TRUE(info(river)["mean_flow"].isNull());
}

TEST_F(CliMeanFlow, ExportWritesTheMeanOnRequestAndTheInstantByDefault)
{
    const CliRun mean = cli({"export", recorded, "--velocity", path("mean.npy"), "--flowmap", path("mean.png"), "--mean"});
    ASSERT_EQ(mean.exitCode, 0) << mean.err.toStdString();
    const QJsonObject details = meanFlowLastJsonLine(mean.out)["details"].toObject();
    EXPECT_EQ(details["velocity"].toObject()["mean"].toObject()["from"].toDouble(), 0.0);
    EXPECT_TRUE(details["flowmap"].toObject().contains("mean"));
    const CliRun instant = cli({"export", recorded, "--velocity", path("instant.npy")});
    ASSERT_EQ(instant.exitCode, 0) << instant.err.toStdString();
    EXPECT_FALSE(meanFlowLastJsonLine(instant.out)["details"].toObject()["velocity"].toObject().contains("mean"));
    EXPECT_NE(fileBytes(path("mean.npy")), fileBytes(path("instant.npy"))) << "a river filling up: its mean is not its last instant";
}

TEST_F(CliMeanFlow, ExportRefusesAMapWithoutAMeanAndMeanWithoutAVelocityLayer)
{
    const CliRun none = cli({"export", river, "--velocity", path("v.npy"), "--mean"});
    EXPECT_EQ(none.exitCode, 1);
    EXPECT_TRUE(none.err.contains("holds no time-mean flow")) << none.err.toStdString();
    EXPECT_FALSE(QFile::exists(path("v.npy")));
    const CliRun alone = cli({"export", recorded, "--terrain", path("t.npy"), "--mean"});
    EXPECT_EQ(alone.exitCode, 2);
    EXPECT_TRUE(alone.err.contains("--mean applies to --velocity, --flowmap")) << alone.err.toStdString();
}

// The engine bundle's flow map is the mean on request (its manifest entry says over which window);
// every other file of the bundle stays the last instant's.
TEST_F(CliMeanFlow, BundleTakesTheMeanFlowMapOnRequest)
{
    const CliRun mean = cli({"export", recorded, "--bundle", path("mean"), "--engine", "godot", "--mean"});
    ASSERT_EQ(mean.exitCode, 0) << mean.err.toStdString();
    const CliRun instant = cli({"export", recorded, "--bundle", path("instant"), "--engine", "godot"});
    ASSERT_EQ(instant.exitCode, 0) << instant.err.toStdString();
    const auto entry = [](const QJsonObject& line, const QString& role) {
        for (const QJsonValue& file : line["manifest"].toObject()["files"].toArray())
            if (file.toObject()["role"].toString() == role) return file.toObject();
        return QJsonObject{};
    };
    const QJsonObject meanLine = meanFlowLastJsonLine(mean.out), instantLine = meanFlowLastJsonLine(instant.out);
    const QJsonObject flowmap = entry(meanLine, "flowmap");
    ASSERT_FALSE(flowmap.isEmpty()) << mean.out.toStdString();
    EXPECT_EQ(flowmap["mean"].toObject()["from"].toDouble(), 0.0);
    EXPECT_FALSE(entry(instantLine, "flowmap").contains("mean"));
    const QString flowFile = flowmap["path"].toString();
    EXPECT_NE(fileBytes(path("mean/") + flowFile), fileBytes(path("instant/") + flowFile)) << "a river filling up: its mean is not its last instant";
    const QString depthFile = entry(meanLine, "water-depth")["path"].toString();
    ASSERT_FALSE(depthFile.isEmpty());
    EXPECT_EQ(fileBytes(path("mean/") + depthFile), fileBytes(path("instant/") + depthFile));

    const CliRun none = cli({"export", river, "--bundle", path("none"), "--engine", "godot", "--mean"});
    EXPECT_EQ(none.exitCode, 1);
    EXPECT_TRUE(none.err.contains("holds no time-mean flow")) << none.err.toStdString();
    EXPECT_FALSE(QFile::exists(path("none")));
}

TEST_F(CliMeanFlow, AStartBeforeTheMapsTimeOnlyContinuesTheMapsOwnMean)
{
    const double time = info(recorded)["time"].toDouble();
    const CliRun before = cli({"simulate", recorded, "--steps", "10", "--mean-from", "1", "-o", path("x.rbmap")});
    EXPECT_EQ(before.exitCode, 2);
    EXPECT_TRUE(before.err.contains("is before the map's time")) << before.err.toStdString();
    EXPECT_TRUE(before.err.contains("--mean-from 0 to continue")) << before.err.toStdString();
    EXPECT_FALSE(QFile::exists(path("x.rbmap")));
    const CliRun resumed = cli({"simulate", recorded, "--steps", "10", "--mean-from", "0", "-o", path("resumed.rbmap")});
    ASSERT_EQ(resumed.exitCode, 0) << resumed.err.toStdString();
    EXPECT_TRUE(resumed.err.contains("continuing the map's time-mean flow from 0 s")) << resumed.err.toStdString();
    const QJsonObject window = info(path("resumed.rbmap"))["mean_flow"].toObject();
    EXPECT_EQ(window["from"].toDouble(), 0.0);
    EXPECT_GT(window["to"].toDouble(), time);
    // A start at or after the map's time replaces the map's mean, and says so.
    const CliRun fresh = cli({"simulate", recorded, "--steps", "10", "--mean-from", QString::number(time, 'g', 17), "-o", path("fresh.rbmap")});
    ASSERT_EQ(fresh.exitCode, 0) << fresh.err.toStdString();
    EXPECT_TRUE(fresh.err.contains("is replaced")) << fresh.err.toStdString();
    EXPECT_EQ(info(path("fresh.rbmap"))["mean_flow"].toObject()["from"].toDouble(), time);
}

TEST_F(CliMeanFlow, AStartAfterTheRunsEndSaysNoMeanWasRecorded)
{
    const CliRun late = cli({"simulate", river, "--steps", "5", "--mean-from", "1e6", "-o", path("late.rbmap")});
    EXPECT_EQ(late.exitCode, 1);
    EXPECT_TRUE(late.err.contains("no time-mean flow was recorded")) << late.err.toStdString();
    EXPECT_TRUE(info(path("late.rbmap"))["mean_flow"].isNull()) << "the steps are kept, with no mean";
    for (const char* bad : {"-1", "abc", "1e13"}) {
        const CliRun refused = cli({"simulate", river, "--steps", "5", "--mean-from", bad});
        EXPECT_EQ(refused.exitCode, 2) << bad << ": " << refused.err.toStdString();
    }
}

} // namespace
} // namespace rb
