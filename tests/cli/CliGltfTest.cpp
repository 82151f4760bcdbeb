// export --gltf through the real binary: the report line, the budget, and refusals.
#include "CliRun.h"

#include "io/map/MapFile.h"
#include "model/Map.h"

#include <gtest/gtest.h>

#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>

namespace {

using rb::test::CliRun;
using rb::test::cli;

QJsonObject gltfLastJsonLine(const QString& out)
{
    return QJsonDocument::fromJson(out.trimmed().split('\n').last().toUtf8()).object();
}

class CliGltf : public ::testing::Test {
protected:
    void SetUp() override
    {
        ASSERT_TRUE(dir.isValid());
        const CliRun demo = cli({"demo", "--size", "48", "--steps", "50", "--report-every", "50", "-o", map});
        ASSERT_EQ(demo.exitCode, 0) << demo.err.toStdString();
    }

    QTemporaryDir dir;
    QString map = dir.filePath("demo.rbmap");
    QString glb = dir.filePath("demo.glb");
};

TEST_F(CliGltf, ReportsTrianglesAndTheMeasuredError)
{
    const CliRun run = cli({"export", map, "--gltf", glb, "--triangles", "500"});
    ASSERT_EQ(run.exitCode, 0) << run.err.toStdString();
    EXPECT_GT(QFileInfo(glb).size(), 1000);
    const QJsonObject line = gltfLastJsonLine(run.out);
    EXPECT_EQ(line["files"].toObject()["gltf"].toString(), glb);
    const QJsonObject gltf = line["details"].toObject()["gltf"].toObject();
    const QJsonObject terrain = gltf["terrain"].toObject(), water = gltf["water"].toObject();
    EXPECT_LE(terrain["triangles"].toInt(), 500);
    EXPECT_GT(terrain["triangles"].toInt(), 400);
    EXPECT_TRUE(terrain["budgetMet"].toBool());
    EXPECT_GT(terrain["maxHeightError"].toDouble(), 0.0);
    EXPECT_GT(water["triangles"].toInt(), 0) << "the demo has a lake";
    EXPECT_LE(water["triangles"].toInt(), 500);
}

TEST_F(CliGltf, AMissedBudgetIsSaid)
{
    const CliRun run = cli({"export", map, "--gltf", glb, "--triangles", "2"});
    ASSERT_EQ(run.exitCode, 0) << run.err.toStdString();
    EXPECT_TRUE(run.err.contains("over its triangle budget")) << run.err.toStdString();
    EXPECT_FALSE(gltfLastJsonLine(run.out)["details"].toObject()["gltf"].toObject()["terrain"].toObject()["budgetMet"].toBool());
}

TEST_F(CliGltf, RefusesWhatItCannotWrite)
{
    const CliRun gltf = cli({"export", map, "--gltf", dir.filePath("demo.gltf")});
    EXPECT_EQ(gltf.exitCode, 2);
    EXPECT_TRUE(gltf.err.contains(".glb")) << gltf.err.toStdString();
    EXPECT_EQ(cli({"export", map, "--gltf", glb, "--triangles", "many"}).exitCode, 2);
    EXPECT_EQ(cli({"export", map, "--gltf", glb, "--triangles", "1"}).exitCode, 2);
    EXPECT_EQ(cli({"export", map, "--triangles", "100", "--terrain", dir.filePath("t.png")}).exitCode, 2);
    EXPECT_FALSE(QFileInfo::exists(glb));
}

// Too little memory for the meshes asked for is refused with the size, before any work (a 2048²
// map under a metre of water reads in 0.1 GB; two meshes of all its 8.4 million triangles would
// need about 1.3 GB; a dry map has no water mesh and fits).
TEST(CliGltfMemory, ATooLargeBudgetIsRefusedWithTheSizeItNeeds)
{
    QTemporaryDir dir;
    rb::Map map;
    map.state = rb::MapState(rb::Lattice(rb::LatticeKind::Square, 2048, 2048, 1.0));
    map.state.depth.fill(1.0f);
    map.boundary = {};
    QString error;
    ASSERT_TRUE(rb::io::writeMapFile(dir.filePath("large.rbmap"), map, &error)) << error.toStdString();
    QProcess process;
    process.start("bash", {"-c", "ulimit -v 1200000; exec \"$0\" export \"$1\" --gltf \"$2\" --triangles 100000000", RIVERBED_CLI_PATH,
                           dir.filePath("large.rbmap"), dir.filePath("large.glb")});
    ASSERT_TRUE(process.waitForFinished(120000));
    const QString err = QString::fromUtf8(process.readAllStandardError());
    EXPECT_EQ(process.exitStatus(), QProcess::NormalExit);
    EXPECT_EQ(process.exitCode(), 1) << err.toStdString();
    EXPECT_TRUE(err.contains("as glTF") && err.contains("needs about") && err.contains("GB")) << err.toStdString();
    EXPECT_FALSE(QFileInfo::exists(dir.filePath("large.glb")));
}

} // namespace
