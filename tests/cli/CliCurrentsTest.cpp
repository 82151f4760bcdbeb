// riverbed-cli currents: usage errors exit 2, the current is written as two float channels, and
// the JSON line carries the documented keys.
#include "CliRun.h"

#include <gtest/gtest.h>

#include <QColor>
#include <QFile>
#include <QImage>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>

namespace {

using rb::test::CliRun;
using rb::test::cli;

class CliCurrents : public ::testing::Test {
protected:
    void SetUp() override
    {
        ASSERT_TRUE(dir.isValid());
        map = dir.filePath("island.rbmap");
        const CliRun generate = cli({"generate", "--preset", "island", "--size", "48", "--param", "island_radius=0.3", "-o", map});
        ASSERT_EQ(generate.exitCode, 0) << generate.err.toStdString();
    }
    QTemporaryDir dir;
    QString map;
};

TEST_F(CliCurrents, WritesTwoFloatChannelsAndReportsTheSolve)
{
    const QString out = dir.filePath("currents.npy");
    const CliRun run = cli({"currents", map, "--current", "west=0.4", "--current", "east=-0.4", "--max-iterations", "5", "--tolerance", "1e-12", "-o", out});
    ASSERT_EQ(run.exitCode, 0) << run.err.toStdString();
    const QJsonObject line = QJsonDocument::fromJson(run.out.trimmed().toUtf8()).object();
    for (const char* key : {"iterations", "cg_iterations", "cg_residual", "residual", "converged", "divergence", "max_speed", "inflow", "outflow",
                            "balanced", "outflow_scale", "closed_seas", "wet_cells", "dt", "setup_seconds", "seconds", "file", "time_averaged",
                            "averaged_iterations", "viscosity", "steady_viscosity"})
        EXPECT_TRUE(line.contains(key)) << "missing " << key;
    EXPECT_EQ(line["iterations"].toInt(), 5);
    EXPECT_LE(line["divergence"].toDouble(), 1e-4);
    EXPECT_TRUE(line["balanced"].toBool());
    EXPECT_GT(line["inflow"].toDouble(), 0.0);
    QFile file(out);
    ASSERT_TRUE(file.open(QIODevice::ReadOnly));
    const QByteArray bytes = file.readAll();
    EXPECT_TRUE(bytes.contains("'shape': (48, 48, 2)")) << bytes.left(128).toStdString();
    EXPECT_TRUE(bytes.contains("'<f4'"));
}

TEST_F(CliCurrents, SaysSoWhenTheCurrentsDoNotBalance)
{
    const CliRun run = cli({"currents", map, "--current", "west=0.4", "--current", "east=-0.2", "--max-iterations", "0"});
    ASSERT_EQ(run.exitCode, 0) << run.err.toStdString();
    const QJsonObject line = QJsonDocument::fromJson(run.out.trimmed().toUtf8()).object();
    EXPECT_FALSE(line["balanced"].toBool());
    EXPECT_NEAR(line["outflow_scale"].toDouble(), 2.0, 1e-6);
    EXPECT_TRUE(run.err.contains("do not balance")) << run.err.toStdString();
}

// The default viscosity is the automatic one (the fastest current × the map's larger side / 20);
// a lower one that does not settle gives the time average, and stderr says so.
TEST_F(CliCurrents, DefaultsToTheSteadyViscosityAndAveragesWhenItIsLower)
{
    const CliRun automatic = cli({"currents", map, "--current", "west=0.4", "--current", "east=-0.4", "--max-iterations", "0"});
    ASSERT_EQ(automatic.exitCode, 0) << automatic.err.toStdString();
    const QJsonObject line = QJsonDocument::fromJson(automatic.out.trimmed().toUtf8()).object();
    EXPECT_NEAR(line["viscosity"].toDouble(), 0.4 * 48 * 2.0 / 20.0, 1e-9); // 48 cells of 2 m
    EXPECT_EQ(line["viscosity"].toDouble(), line["steady_viscosity"].toDouble());
    const CliRun named = cli({"currents", map, "--current", "west=0.4", "--current", "east=-0.4", "--max-iterations", "0", "--viscosity", "auto"});
    EXPECT_EQ(QJsonDocument::fromJson(named.out.trimmed().toUtf8()).object()["viscosity"].toDouble(), line["viscosity"].toDouble());

    const CliRun low = cli({"currents", map, "--current", "west=0.4", "--current", "east=-0.4", "--viscosity", "0.01", "--max-iterations", "6",
                            "--tolerance", "1e-12"});
    ASSERT_EQ(low.exitCode, 0) << low.err.toStdString();
    const QJsonObject averaged = QJsonDocument::fromJson(low.out.trimmed().toUtf8()).object();
    EXPECT_FALSE(averaged["converged"].toBool());
    EXPECT_TRUE(averaged["time_averaged"].toBool());
    EXPECT_EQ(averaged["averaged_iterations"].toInt(), 3);
    EXPECT_TRUE(low.err.contains("the wake at this viscosity is unsteady; the current given is its mean over the last 3 iterations")) << low.err.toStdString();
}

TEST_F(CliCurrents, BadUsageExitsWithTwo)
{
    const QList<QStringList> bad = {
        {"currents", map},                                                    // no current
        {"currents", map, "--current", "up=0.4"},                             // no such side
        {"currents", map, "--current", "west=fast"},                          // not a number
        {"currents", map, "--current", "west=0.4", "--current", "west=0.2"},  // a side twice
        {"currents", map, "--current", "west=0.4", "--tolerance", "0"},
        {"currents", map, "--current", "west=0.4", "--viscosity", "-1"},
        {"currents", map, "--current", "west=0.4", "--viscosity", "automatic"},
        {"currents", map, "--current", "west=0.4", "--max-iterations", "-3"},
        {"currents", map, "--current", "west=0.4", "-o", dir.filePath("currents.r16")}, // one channel only
        {"currents", "--current", "west=0.4"},                                // no map
        {"currents", map, "--current", "west=1e300", "--current", "east=-1e300"}, // NaN at every wet cell once
        {"currents", map, "--current", "west=1e30"},                          // 1.5e31 m/s written once
        {"currents", map, "--current", "west=101"},                           // beyond ±100 m/s
        {"currents", map, "--current", "west= 0.4"},                          // a space is a slip
    };
    for (const QStringList& args : bad) {
        const CliRun run = cli(args);
        EXPECT_EQ(run.exitCode, 2) << args.join(' ').toStdString() << "\n" << run.err.toStdString();
        EXPECT_FALSE(run.err.isEmpty());
    }
    EXPECT_FALSE(QFile::exists(dir.filePath("currents.r16")));
}

// A map with no water has nothing for a current to cross: refused with that reason and nothing
// written, where it once exited 0 with wet_cells 0.
TEST_F(CliCurrents, AMapWithoutWaterIsRefusedWithTheReason)
{
    const QString heights = dir.filePath("hills.png"), dry = dir.filePath("dry.rbmap");
    QImage hills(32, 32, QImage::Format_Grayscale8);
    hills.fill(40);
    ASSERT_TRUE(hills.save(heights));
    const CliRun imported = cli({"import", heights, "--cell-size", "2", "-o", dry}); // an import starts dry
    ASSERT_EQ(imported.exitCode, 0) << imported.err.toStdString();
    const CliRun run = cli({"currents", dry, "--current", "west=0.4", "-o", dir.filePath("c.npy")});
    EXPECT_EQ(run.exitCode, 1) << run.err.toStdString();
    EXPECT_TRUE(run.err.contains("holds no water")) << run.err.toStdString();
    EXPECT_TRUE(run.out.isEmpty());
    EXPECT_FALSE(QFile::exists(dir.filePath("c.npy")));
}

} // namespace

namespace {

QByteArray contents(const QString& path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

// Stored in the map (.rbmap output), the current survives a simulation of the map and comes out
// of export --currents byte for byte as the currents command writes it directly; a map without
// one says how to make it.
TEST_F(CliCurrents, StoredInTheMapAndExported)
{
    const QStringList solve = {"currents", map, "--current", "west=0.4", "--current", "east=-0.4", "--max-iterations", "3"};
    const QString stored = dir.filePath("with-currents.rbmap"), direct = dir.filePath("direct.npy"), exported = dir.filePath("exported.npy");
    ASSERT_EQ(cli(solve + QStringList{"-o", stored}).exitCode, 0);
    ASSERT_EQ(cli(solve + QStringList{"-o", direct}).exitCode, 0);
    const CliRun info = cli({"info", stored});
    EXPECT_TRUE(QJsonDocument::fromJson(info.out.toUtf8()).object()["currents"].toBool()) << info.out.toStdString();

    const QString simulated = dir.filePath("simulated.rbmap");
    ASSERT_EQ(cli({"simulate", stored, "--steps", "5", "-o", simulated}).exitCode, 0);
    const CliRun run = cli({"export", simulated, "--currents", exported});
    ASSERT_EQ(run.exitCode, 0) << run.err.toStdString();
    EXPECT_FALSE(contents(direct).isEmpty());
    EXPECT_EQ(contents(exported), contents(direct));

    const CliRun none = cli({"export", map, "--currents", dir.filePath("none.npy")});
    EXPECT_EQ(none.exitCode, 1);
    EXPECT_TRUE(none.err.contains("holds no currents")) << none.err.toStdString();
    EXPECT_EQ(cli({"export", stored, "--currents", dir.filePath("c.r16")}).exitCode, 2); // two channels
}

// As a .png the current is a flow map with --flowmap's conventions: 0.5 is still, red east,
// green south by default (north with --flow-green north), scaled by --flow-scale.
TEST_F(CliCurrents, ExportedAsAFlowMapPng)
{
    const QString stored = dir.filePath("with-currents.rbmap");
    ASSERT_EQ(cli({"currents", map, "--current", "west=0.4", "--current", "east=-0.4", "--max-iterations", "0", "-o", stored}).exitCode, 0);
    const QString png = dir.filePath("currents.png");
    const CliRun run = cli({"export", stored, "--currents", png, "--flow-scale", "0.8"});
    ASSERT_EQ(run.exitCode, 0) << run.err.toStdString();
    const QImage image(png);
    ASSERT_FALSE(image.isNull());
    // The sea at the middle of the west side flows east at about 0.4 m/s: red ≈ 0.5 + 0.4/0.8/2.
    const QColor west = image.pixelColor(1, image.height() / 2);
    EXPECT_NEAR(west.redF(), 0.75, 0.05);
    EXPECT_NEAR(west.greenF(), 0.5, 0.05);
    const QJsonObject sidecar = QJsonDocument::fromJson(contents(png + ".json")).object();
    EXPECT_DOUBLE_EQ(sidecar["flowScale"].toDouble(), 0.8) << contents(png + ".json").toStdString();
}

} // namespace
