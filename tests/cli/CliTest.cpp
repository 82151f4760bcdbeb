// Runs the real riverbed-cli binary and checks what a pipeline would rely on: JSON lines with
// the documented keys, conservation in what they report, exit codes and messages on bad input.
#include "CliRun.h"

#include <gtest/gtest.h>

#include <QFileInfo>
#include <QImage>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>

#include <algorithm>
#include <cmath>

namespace {

using rb::test::CliRun;
using rb::test::cli;

std::vector<QJsonObject> cliJsonLines(const QString& text)
{
    std::vector<QJsonObject> lines;
    for (const QString& line : text.split('\n', Qt::SkipEmptyParts)) {
        QJsonParseError error;
        const QJsonDocument doc = QJsonDocument::fromJson(line.toUtf8(), &error);
        EXPECT_EQ(error.error, QJsonParseError::NoError) << line.toStdString();
        lines.push_back(doc.object());
    }
    return lines;
}

class Cli : public ::testing::Test {
protected:
    void SetUp() override
    {
        ASSERT_TRUE(dir.isValid());
        map = dir.filePath("demo.rbmap");
        const CliRun demo = cli({"demo", "--size", "48", "--steps", "50", "--report-every", "25", "-o", map});
        ASSERT_EQ(demo.exitCode, 0) << demo.err.toStdString();
        EXPECT_EQ(cliJsonLines(demo.out).size(), 3u);
    }
    QTemporaryDir dir;
    QString map;
};

TEST_F(Cli, SimulatePrintsOneJsonLinePerReportWithTheDocumentedKeys)
{
    const CliRun run = cli({"simulate", map, "--steps", "400", "--report-every", "100", "--boundary", "north=sea:1.0", "--rain", "1e-4",
                         "--spring", "10,10,0.5", "--drain", "30,30,all"});
    ASSERT_EQ(run.exitCode, 0) << run.err.toStdString();
    const auto lines = cliJsonLines(run.out);
    ASSERT_EQ(lines.size(), 5u); // the start plus four reports
    const double volume0 = lines.front()["volume"].toDouble(), in0 = lines.front()["inflow"].toDouble(), out0 = lines.front()["outflow"].toDouble();
    for (std::size_t i = 0; i < lines.size(); ++i) {
        const QJsonObject& line = lines[i];
        for (const char* key : {"step", "time", "volume", "inflow", "outflow", "max_depth", "max_speed", "cfl"})
            EXPECT_TRUE(line.contains(key)) << "missing " << key;
        EXPECT_EQ(line["step"].toInteger(), 50 + 100 * static_cast<qint64>(i));
        EXPECT_GE(line["max_depth"].toDouble(), 0.0);
        EXPECT_LT(line["cfl"].toDouble(), 1.0);
        const double expected = volume0 + (line["inflow"].toDouble() - in0) - (line["outflow"].toDouble() - out0);
        EXPECT_NEAR(line["volume"].toDouble(), expected, 1e-5 * volume0);
    }
    EXPECT_GT(lines.back()["inflow"].toDouble(), in0);
}

TEST_F(Cli, SimulateWritesAMapThatContinues)
{
    const QString out = dir.filePath("out.rbmap");
    ASSERT_EQ(cli({"simulate", map, "--steps", "100", "-o", out}).exitCode, 0);
    const CliRun again = cli({"simulate", out, "--steps", "10", "--report-every", "10"});
    ASSERT_EQ(again.exitCode, 0) << again.err.toStdString();
    EXPECT_EQ(cliJsonLines(again.out).front()["step"].toInteger(), 150);
    // Any name is written as a map, with a warning when it does not say so.
    const QString odd = dir.filePath("out.npy");
    const CliRun written = cli({"simulate", map, "--steps", "1", "-o", odd});
    ASSERT_EQ(written.exitCode, 0) << written.err.toStdString();
    EXPECT_TRUE(written.err.contains("does not end in .rbmap")) << written.err.toStdString();
    EXPECT_EQ(cli({"info", odd}).exitCode, 0);
    EXPECT_FALSE(cli({"simulate", map, "--steps", "1", "-o", out}).err.contains("does not end in .rbmap"));
}

TEST_F(Cli, FillToRaisesTheSurface)
{
    const CliRun run = cli({"simulate", map, "--steps", "0", "--fill-to", "50"});
    ASSERT_EQ(run.exitCode, 0) << run.err.toStdString();
    EXPECT_GT(cliJsonLines(run.out).front()["max_depth"].toDouble(), 40.0);
}

TEST_F(Cli, BadUsageExitsWithTwoAndSaysWhy)
{
    CliRun run = cli({"simulate", map});
    EXPECT_EQ(run.exitCode, 2);
    EXPECT_TRUE(run.err.contains("--steps")) << run.err.toStdString();
    run = cli({"simulate", map, "--steps", "10", "--boundary", "up=sea:1"});
    EXPECT_EQ(run.exitCode, 2);
    EXPECT_TRUE(run.err.contains("SIDE=TYPE")) << run.err.toStdString();
    run = cli({"simulate", map, "--steps", "10", "--friction", "1.5"});
    EXPECT_EQ(run.exitCode, 2);
    EXPECT_TRUE(run.err.contains("friction")) << run.err.toStdString();
    run = cli({"simulate", map, "--steps", "10", "--spring", "1e9,0,1"});
    EXPECT_EQ(run.exitCode, 2);
    EXPECT_TRUE(run.err.contains("outside the map")) << run.err.toStdString();
    EXPECT_EQ(cli({"frobnicate"}).exitCode, 2);
}

TEST_F(Cli, UnstableDtFailsWithTheSolversMessage)
{
    const CliRun run = cli({"simulate", map, "--steps", "10", "--dt", "5"});
    EXPECT_EQ(run.exitCode, 1);
    EXPECT_TRUE(run.err.contains("Lower dt")) << run.err.toStdString();
}

TEST_F(Cli, OpenClBackendGivesTheSameJsonAsTheCpu)
{
    const QStringList common = {"simulate", map, "--steps", "200", "--report-every", "200", "--boundary", "west=inflow:3"};
    const CliRun cpu = cli(common + QStringList{"--backend", "cpu"});
    const CliRun gpu = cli(common + QStringList{"--backend", "opencl"});
    ASSERT_EQ(cpu.exitCode, 0) << cpu.err.toStdString();
    ASSERT_EQ(gpu.exitCode, 0) << gpu.err.toStdString();
    EXPECT_TRUE(gpu.err.isEmpty()) << "no fallback notice expected: " << gpu.err.toStdString();
    const QJsonObject a = cliJsonLines(cpu.out).back(), b = cliJsonLines(gpu.out).back();
    EXPECT_EQ(a.keys(), b.keys());
    for (const char* key : {"volume", "inflow", "outflow", "max_depth"})
        EXPECT_NEAR(b[key].toDouble(), a[key].toDouble(), 1e-5 * std::max(1.0, std::abs(a[key].toDouble()))) << key;
    EXPECT_EQ(cli({"simulate", map, "--steps", "1", "--backend", "cuda"}).exitCode, 2);
}

TEST(CliDevices, ListsTheDevicesAsJson)
{
    const CliRun run = cli({"devices"});
    ASSERT_EQ(run.exitCode, 0) << run.err.toStdString();
    const auto lines = cliJsonLines(run.out.section('\n', -2));
    ASSERT_FALSE(lines.empty());
    const QJsonArray devices = lines.back()["devices"].toArray();
    ASSERT_FALSE(devices.isEmpty()) << "the test machine has PoCL";
    EXPECT_TRUE(devices[0].toObject().contains("name"));
}

// Issue 3: every subcommand keeps the triangular lattice.
TEST(CliTriangle, EverySubcommandKeepsTheLattice)
{
    QTemporaryDir dir;
    const QString map = dir.filePath("t.rbmap"), out = dir.filePath("t2.rbmap");
    ASSERT_EQ(cli({"demo", "--lattice", "triangle", "--size", "40", "--steps", "20", "-o", map}).exitCode, 0);
    const CliRun sim = cli({"simulate", map, "--steps", "50", "--spring", "10,10,0.5", "--drain", "20,20,0.1", "-o", out});
    ASSERT_EQ(sim.exitCode, 0) << sim.err.toStdString();
    const CliRun info = cli({"info", out});
    ASSERT_EQ(info.exitCode, 0) << info.err.toStdString();
    const QJsonObject described = cliJsonLines(info.out).back();
    EXPECT_EQ(described["lattice"].toString(), "triangle");
    EXPECT_EQ(described["sources"].toArray().size(), 2);
    const QString terrain = dir.filePath("terrain.npy");
    const CliRun exported = cli({"export", out, "--terrain", terrain});
    ASSERT_EQ(exported.exitCode, 0) << exported.err.toStdString();
    const CliRun imported = cli({"import", terrain, "--cell-size", "1", "--lattice", "triangle", "-o", dir.filePath("back.rbmap")});
    ASSERT_EQ(imported.exitCode, 0) << imported.err.toStdString();
    EXPECT_EQ(cliJsonLines(cli({"info", dir.filePath("back.rbmap")}).out).back()["lattice"].toString(), "triangle");
}

// Issue 5: a generated river, simulated through the CLI with the map's own defaults, carries
// water out to the sea.
TEST(CliGenerate, GeneratedRiverRunsToTheSea)
{
    QTemporaryDir dir;
    const QString map = dir.filePath("river.rbmap");
    const CliRun generated = cli({"generate", "--preset", "river", "--size", "128", "--seed", "7", "-o", map});
    ASSERT_EQ(generated.exitCode, 0) << generated.err.toStdString();
    const CliRun run = cli({"simulate", map, "--steps", "3000", "--report-every", "3000"});
    ASSERT_EQ(run.exitCode, 0) << run.err.toStdString();
    const auto lines = cliJsonLines(run.out);
    ASSERT_EQ(lines.size(), 2u);
    EXPECT_GT(lines.back()["inflow"].toDouble(), 0.0);
    EXPECT_GT(lines.back()["outflow"].toDouble(), 0.0);
    EXPECT_LT(lines.back()["cfl"].toDouble(), 1.0);
}

// Issue 30: every way the CLI makes a new map gives it the momentum model with a Manning's n and
// the automatic time step; a map saved with the pipes keeps them.
TEST(CliNewMaps, RunTheMomentumModelAndAPipesMapKeepsItsModel)
{
    QTemporaryDir dir;
    const auto parametersOf = [](const QString& file) {
        const CliRun info = cli({"info", file});
        EXPECT_EQ(info.exitCode, 0) << info.err.toStdString();
        return cliJsonLines(info.out).back()["parameters"].toObject();
    };
    const auto expectMomentum = [&](const QString& file, const QString& how) {
        const QJsonObject p = parametersOf(file);
        EXPECT_EQ(p["model"].toString(), "momentum") << how.toStdString();
        EXPECT_GT(p["manning"].toDouble(), 0.0) << how.toStdString();
        EXPECT_TRUE(p["automatic_dt"].toBool()) << how.toStdString();
    };
    for (const char* preset : {"island", "river", "archipelago", "lakes"}) {
        for (const char* lattice : {"square", "triangle"}) {
            const QString map = dir.filePath(QString("%1-%2.rbmap").arg(preset, lattice));
            const CliRun made = cli({"generate", "--preset", preset, "--size", "40", "--param", QString("lattice=") + lattice, "-o", map});
            ASSERT_EQ(made.exitCode, 0) << made.err.toStdString();
            expectMomentum(map, QString("generate ") + preset + " " + lattice);
        }
    }
    const QString demo = dir.filePath("demo.rbmap");
    ASSERT_EQ(cli({"demo", "--size", "32", "--steps", "10", "-o", demo}).exitCode, 0);
    expectMomentum(demo, "demo");
    const QString terrain = dir.filePath("terrain.npy"), imported = dir.filePath("imported.rbmap");
    ASSERT_EQ(cli({"export", demo, "--terrain", terrain}).exitCode, 0);
    const CliRun import = cli({"import", terrain, "--cell-size", "2", "-o", imported});
    ASSERT_EQ(import.exitCode, 0) << import.err.toStdString();
    expectMomentum(imported, "import");

    // Switched to the pipes and saved, the map stays a pipes map when it is simulated again.
    const QString pipes = dir.filePath("pipes.rbmap"), again = dir.filePath("again.rbmap");
    ASSERT_EQ(cli({"simulate", demo, "--steps", "5", "--model", "pipes", "-o", pipes}).exitCode, 0);
    ASSERT_EQ(cli({"simulate", pipes, "--steps", "5", "-o", again}).exitCode, 0);
    EXPECT_EQ(parametersOf(again)["model"].toString(), "pipes");
}

TEST(CliGenerate, BadParameterExitsWithTwoAndNamesTheKey)
{
    QTemporaryDir dir;
    const CliRun run = cli({"generate", "--preset", "island", "--size", "64", "--param", "island_radius=7", "-o", dir.filePath("x.rbmap")});
    EXPECT_EQ(run.exitCode, 2);
    EXPECT_TRUE(run.err.contains("island_radius")) << run.err.toStdString();
    EXPECT_FALSE(QFile::exists(dir.filePath("x.rbmap")));
}

// Issue 6 through the CLI: engine presets write what they promise and say how to read it back.
TEST(CliExport, EnginePresetsWriteTheDocumentedFilesAndSidecars)
{
    QTemporaryDir dir;
    const QString map = dir.filePath("island.rbmap");
    ASSERT_EQ(cli({"generate", "--preset", "island", "--size", "64", "-o", map}).exitCode, 0);
    const CliRun unity = cli({"export", map, "--engine", "unity", "--terrain", dir.filePath("t.r16")});
    ASSERT_EQ(unity.exitCode, 0) << unity.err.toStdString();
    EXPECT_EQ(QFileInfo(dir.filePath("t.r16")).size(), 65 * 65 * 2) << "Unity wants 2^n+1 samples a side, 16 bits each";
    EXPECT_TRUE(QFileInfo::exists(dir.filePath("t.r16.json")));
    EXPECT_EQ(cliJsonLines(unity.out).back()["details"].toObject()["terrain"].toObject()["unity"].toObject()["heightmapResolution"].toInt(), 65);
    const CliRun unreal = cli({"export", map, "--engine", "unreal", "--terrain", dir.filePath("t.png")});
    ASSERT_EQ(unreal.exitCode, 0) << unreal.err.toStdString();
    EXPECT_TRUE(unreal.err.contains("scaleZ")) << "the Z scale to type into Unreal is printed";
    const CliRun layers = cli({"export", map, "--flowmap", dir.filePath("f.png"), "--mask", dir.filePath("m.png"), "--velocity",
                               dir.filePath("v.exr"), "--water-depth", dir.filePath("d.tif"), "--surface", dir.filePath("s.npy")});
    ASSERT_EQ(layers.exitCode, 0) << layers.err.toStdString();
    for (const char* file : {"f.png", "m.png", "v.exr", "d.tif", "s.npy"}) EXPECT_TRUE(QFileInfo::exists(dir.filePath(file))) << file;
    const CliRun bad = cli({"export", map, "--terrain", dir.filePath("t.bmp")});
    EXPECT_EQ(bad.exitCode, 2);
    EXPECT_TRUE(bad.err.contains(".bmp")) << bad.err.toStdString();
}

TEST(CliImport, R16RoundTripAndWrongSize)
{
    QTemporaryDir dir;
    const QString map = dir.filePath("island.rbmap");
    ASSERT_EQ(cli({"generate", "--preset", "island", "--size", "64", "-o", map}).exitCode, 0);
    ASSERT_EQ(cli({"export", map, "--engine", "unity", "--terrain", dir.filePath("t.r16")}).exitCode, 0);
    const CliRun back = cli({"import", dir.filePath("t.r16"), "--cell-size", "2", "-o", dir.filePath("back.rbmap")});
    ASSERT_EQ(back.exitCode, 0) << back.err.toStdString();
    const QJsonObject imported = cliJsonLines(back.out).back();
    EXPECT_EQ(imported["width"].toInt(), 65);
    EXPECT_NEAR(imported["bedMin"].toDouble(), -30.0, 0.01) << "the sidecar carries the height range back";
    const CliRun wrong = cli({"import", dir.filePath("t.r16"), "--size", "64x64", "--cell-size", "2", "-o", dir.filePath("x.rbmap")});
    EXPECT_EQ(wrong.exitCode, 1);
    EXPECT_TRUE(wrong.err.contains("t.r16")) << wrong.err.toStdString();
}

TEST_F(Cli, CorruptMapFailsWithAMessageNamingTheFile)
{
    QFile file(map);
    ASSERT_TRUE(file.open(QIODevice::ReadWrite));
    file.resize(file.size() / 2);
    file.close();
    const CliRun run = cli({"simulate", map, "--steps", "10"});
    EXPECT_EQ(run.exitCode, 1);
    EXPECT_TRUE(run.err.contains("demo.rbmap")) << run.err.toStdString();
}

} // namespace

namespace {

TEST(CliBench, MeasuresBothFlowModelsOnBothBackends)
{
    // No --model: bench measures momentum beside the pipes by default (issue 30).
    const CliRun run = cli({"bench", "--sizes", "32", "--backend", "cpu,opencl", "--lattice", "square", "--seconds", "0.05"});
    ASSERT_EQ(run.exitCode, 0) << run.err.toStdString();
    const std::vector<QJsonObject> lines = cliJsonLines(run.out.section('\n', -2));
    ASSERT_EQ(lines.size(), 1u);
    QStringList measured;
    for (const QJsonValue& r : lines.front()["results"].toArray()) {
        EXPECT_GT(r.toObject()["steps_per_s"].toDouble(), 0.0);
        measured << r.toObject()["backend"].toString() + "/" + r.toObject()["model"].toString();
    }
    EXPECT_TRUE(measured.contains("cpu/pipes") && measured.contains("cpu/momentum") && measured.contains("opencl/pipes") &&
                measured.contains("opencl/momentum"))
        << measured.join(' ').toStdString();
    for (const QJsonValue& r : lines.front()["results"].toArray()) {
        if (r.toObject()["backend"].toString() != "opencl") continue;
        EXPECT_TRUE(r.toObject()["device"].toString().startsWith("opencl:")) << "a CPU figure must not pass as an OpenCL one";
    }
    EXPECT_FALSE(run.out.contains("not measured")) << run.out.toStdString();
    EXPECT_EQ(cli({"bench", "--model", "waves"}).exitCode, 2);
    for (const char* seconds : {"0", "-1", "1e9"}) {
        const CliRun refused = cli({"bench", "--sizes", "32", "--seconds", seconds});
        EXPECT_EQ(refused.exitCode, 2) << seconds;
        EXPECT_TRUE(refused.err.contains("--seconds must be above 0")) << refused.err.toStdString();
    }
}

} // namespace

// Dye from the command line: an inflow, a spring and a released blob each carry a channel; every
// report line has the channels' dyed volumes and what came in and went out, which balance; the
// saved map keeps the dye (info lists it, export --dye writes it) and both backends carry it alike.
TEST_F(Cli, DyeFromInflowsSpringsAndReleasesIsReportedAndSaved)
{
    const QString out = dir.filePath("dyed.rbmap");
    const QStringList dyeOptions = {"--boundary", "west=inflow:2:0", "--spring", "10,10,0.5,1", "--dye-release", "24,24,6,2",
                                    "--dye-diffusion", "0.5"};
    const CliRun run = cli(QStringList{"simulate", map, "--steps", "300", "--report-every", "100", "-o", out} + dyeOptions);
    ASSERT_EQ(run.exitCode, 0) << run.err.toStdString();
    const auto lines = cliJsonLines(run.out);
    ASSERT_EQ(lines.size(), 4u);
    const QJsonArray first = lines.front()["dye"].toArray();
    ASSERT_EQ(first.size(), 3);
    EXPECT_EQ(first[0].toDouble(), 0.0);
    EXPECT_GT(first[2].toDouble(), 0.0); // the released blob
    for (const QJsonObject& line : lines)
        for (int c = 0; c < 3; ++c) {
            const double volume = line["dye"].toArray()[c].toDouble();
            const double expected = first[c].toDouble() + line["dye_inflow"].toArray()[c].toDouble() - line["dye_outflow"].toArray()[c].toDouble();
            EXPECT_NEAR(volume, expected, 1e-5 * std::max(1.0, first[2].toDouble())) << "channel " << c;
        }
    EXPECT_GT(lines.back()["dye"].toArray()[0].toDouble(), 0.0);
    EXPECT_GT(lines.back()["dye"].toArray()[1].toDouble(), 0.0);

    const CliRun info = cli({"info", out});
    ASSERT_EQ(info.exitCode, 0) << info.err.toStdString();
    const QJsonObject described = QJsonDocument::fromJson(info.out.toUtf8()).object();
    EXPECT_EQ(described["dye"].toArray().size(), 3);
    EXPECT_NEAR(described["dye"].toArray()[1].toObject()["volume"].toDouble(), lines.back()["dye"].toArray()[1].toDouble(), 1e-9);
    EXPECT_EQ(described["parameters"].toObject()["dye_diffusivity"].toDouble(), 0.5);

    // export --dye: the channels' concentrations as RGBA (8-bit PNG) or four float channels.
    const QString png = dir.filePath("dye.png"), npy = dir.filePath("dye.npy");
    const CliRun exported = cli({"export", out, "--dye", png, "--all", dir.filePath("all.exr")});
    ASSERT_EQ(exported.exitCode, 0) << exported.err.toStdString();
    const QImage image(png);
    ASSERT_FALSE(image.isNull());
    EXPECT_TRUE(image.hasAlphaChannel());
    int red = 0, green = 0, blue = 0;
    QPoint greenest;
    for (int y = 0; y < image.height(); ++y)
        for (int x = 0; x < image.width(); ++x) {
            red = std::max(red, qRed(image.pixel(x, y)));
            if (qGreen(image.pixel(x, y)) > green) greenest = QPoint(x, y);
            green = std::max(green, qGreen(image.pixel(x, y)));
            blue = std::max(blue, qBlue(image.pixel(x, y)));
        }
    EXPECT_GT(red, 128); // the inflow's water near the west side
    // The spring's channel is strongest near the spring (10, 10; one pixel a metre), diluted by the
    // dam break's current that sweeps past it.
    EXPECT_GT(green, 16);
    EXPECT_LE(std::hypot(greenest.x() - 10, greenest.y() - 10), 8.0) << greenest.x() << "," << greenest.y();
    EXPECT_GT(blue, 0);  // what is left of the released disc
    EXPECT_EQ(cli({"export", out, "--dye", npy}).exitCode, 0);
    const CliRun wrongFormat = cli({"export", out, "--dye", dir.filePath("dye.r16")});
    EXPECT_EQ(wrongFormat.exitCode, 2);
    EXPECT_TRUE(wrongFormat.err.contains("four")) << wrongFormat.err.toStdString();

    // Both backends carry the dye alike: the same totals after 20 more steps.
    const CliRun onDevice = cli({"simulate", out, "--steps", "20", "--report-every", "20", "--backend", "opencl"});
    const CliRun onCpu = cli({"simulate", out, "--steps", "20", "--report-every", "20", "--backend", "cpu"});
    ASSERT_EQ(onDevice.exitCode, 0) << onDevice.err.toStdString();
    ASSERT_EQ(onCpu.exitCode, 0) << onCpu.err.toStdString();
    EXPECT_TRUE(onDevice.err.isEmpty()) << "no fallback expected: " << onDevice.err.toStdString();
    EXPECT_EQ(cliJsonLines(onDevice.out).back()["dye"].toArray(), cliJsonLines(onCpu.out).back()["dye"].toArray());
}

TEST_F(Cli, DyeOptionsRefuseWhatTheyCannotMean)
{
    const QList<std::pair<QStringList, const char*>> cases = {
        {{"--boundary", "west=outflow:0:1"}, "only an inflow"},
        {{"--boundary", "west=inflow:2:9"}, "CHANNEL"},
        {{"--spring", "10,10,1,blue"}, "CHANNEL"},
        {{"--drain", "10,10,1,0"}, "X,Y,RATE"},
        {{"--dye-release", "10,10,3,4"}, "X,Y,RADIUS,CHANNEL"},
        {{"--dye-release", "10,10,3"}, "X,Y,RADIUS,CHANNEL"},
        {{"--dye-release", "10,10,0,1"}, "X,Y,RADIUS,CHANNEL"},
        {{"--dye-half-life", "-5"}, "half-life"},
    };
    for (const auto& [options, message] : cases) {
        const CliRun run = cli(QStringList{"simulate", map, "--steps", "1"} + options);
        EXPECT_EQ(run.exitCode, 2) << options.join(' ').toStdString();
        EXPECT_TRUE(run.err.contains(message)) << run.err.toStdString();
    }
}
