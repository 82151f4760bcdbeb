// Issue 16, "Nothing lost", through the real riverbed-cli: every absurd option value is a usage
// error (exit 2) naming the option or field; refusals of a step name their cause; the CFL number
// in the JSON is never null.
#include "CliRun.h"

#include <gtest/gtest.h>

#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>

namespace {

using rb::test::CliRun;
using rb::test::cli;

struct AbsurdOption {
    QStringList args;  // after "simulate MAP --steps 10"
    QString field;     // what stderr must name
};

class CliRanges : public ::testing::Test {
protected:
    void SetUp() override
    {
        ASSERT_TRUE(dir.isValid());
        map = dir.filePath("demo.rbmap");
        const CliRun demo = cli({"demo", "--size", "32", "--steps", "0", "-o", map});
        ASSERT_EQ(demo.exitCode, 0) << demo.err.toStdString();
    }
    CliRun simulate(const QStringList& options) const { return cli(QStringList{"simulate", map, "--steps", "10"} + options); }

    QTemporaryDir dir;
    QString map;
};

TEST_F(CliRanges, AbsurdOptionValuesAreUsageErrorsNamingTheField)
{
    const AbsurdOption rows[] = {
        {{"--dt", "5e-324"}, "dt must lie in"},
        {{"--dt", "1e300"}, "dt must lie in"},
        {{"--viscosity", "1e300"}, "viscosity must lie in"},
        {{"--gravity", "1e308"}, "gravity must lie in"},
        {{"--rain", "1e308"}, "rain must lie in"},
        {{"--evaporation", "1e308"}, "evaporation must lie in"},
        {{"--eddy-viscosity", "1e300"}, "eddy viscosity must lie in"},
        {{"--boundary", "all=sea:-1e30"}, "sea level must lie in"},
        {{"--boundary", "west=inflow:1e308"}, "inflow must lie in"},
        {{"--boundary", "north=wall:5"}, "--boundary 'north=wall:5': wall takes no VALUE"},
        {{"--boundary", "east=outflow:0"}, "--boundary 'east=outflow:0': outflow takes no VALUE"},
        {{"--spring", "4,4,1e308"}, "spring 1: rate must lie in"},
        {{"--drain", "4,4,1e308"}, "drain 1: rate must lie in"},
        {{"--fill-to", "1e300"}, "--fill-to must lie in"},
        {{"--dt", "auto:0"}, "--dt auto:CFL needs a CFL number in [0.01, 1], got '0'"},
        {{"--dt", "auto:2"}, "--dt auto:CFL needs a CFL number in [0.01, 1], got '2'"},
        {{"--dye-release", "1e9,1e9,1,0"}, "no water within 1 m of (1e+09, 1e+09) m to dye"},
        // Numbers are the whole text: a space is a slip, not a value of 0 (QString::toDouble skips it).
        {{"--boundary", "north=sea: 0"}, "--boundary 'north=sea: 0': expected SIDE=TYPE[:VALUE]"},
        {{"--spring", "4, 4,0.1"}, "--spring '4, 4,0.1': expected X,Y,RATE"},
        {{"--spring", "4,4,inf"}, "--spring '4,4,inf': expected X,Y,RATE"},
        {{"--dt", " 0.1"}, "--dt expects a number, got ' 0.1'"},
        {{"--dt", "auto: 0.5"}, "--dt must be a number of seconds or auto[:CFL]"},
    };
    for (const AbsurdOption& row : rows) {
        const CliRun run = simulate(row.args);
        EXPECT_EQ(run.exitCode, 2) << row.args.join(' ').toStdString() << ": " << run.err.toStdString();
        EXPECT_TRUE(run.err.contains(row.field)) << row.args.join(' ').toStdString() << ": " << run.err.toStdString();
        EXPECT_TRUE(run.out.isEmpty()) << "nothing is simulated";
    }
}

// A whole-number setting typed as a float ("1e3", "512.0") is refused with the key and its range,
// not read as the number it happens to equal.
TEST_F(CliRanges, GenerateRefusesWholeNumbersWrittenAsFloats)
{
    for (const QString& size : {QString("1e3"), QString("512.0"), QString("64 ")}) {
        const CliRun run = cli({"generate", "--preset", "island", "--size", size, "-o", dir.filePath("g.rbmap")});
        EXPECT_EQ(run.exitCode, 2) << size.toStdString() << ": " << run.err.toStdString();
        EXPECT_TRUE(run.err.contains("is not a whole number in")) << run.err.toStdString();
        EXPECT_FALSE(QFile::exists(dir.filePath("g.rbmap")));
    }
    const CliRun seed = cli({"generate", "--preset", "island", "--size", "32", "--seed", "7e1", "-o", dir.filePath("g.rbmap")});
    EXPECT_EQ(seed.exitCode, 2) << seed.err.toStdString();
    EXPECT_EQ(cli({"generate", "--preset", "island", "--size", "32", "--seed", "70", "-o", dir.filePath("g.rbmap")}).exitCode, 0);
}

TEST_F(CliRanges, GenerateRefusesAbsurdThreadCounts)
{
    for (const QString threads : {"40000", "0", "-3"}) {
        const CliRun run = cli({"generate", "--preset", "island", "--size", "32", "--threads", threads, "-o", dir.filePath("g.rbmap")});
        EXPECT_EQ(run.exitCode, 2) << threads.toStdString();
        EXPECT_TRUE(run.err.contains("--threads must be a whole number in 1..1024")) << run.err.toStdString();
    }
}

// An eddy viscosity in range but too large for any dt is named as the cause, not the water or dt.
TEST_F(CliRanges, RefusalsNameAnEddyViscosityThatAllowsNoDt)
{
    for (const QStringList& dt : {QStringList{"--dt", "0.01"}, QStringList{"--dt", "auto"}}) {
        const CliRun run = simulate(QStringList{"--model", "momentum", "--eddy-viscosity", "1e6"} + dt);
        EXPECT_EQ(run.exitCode, 1) << run.err.toStdString();
        EXPECT_TRUE(run.err.contains("The eddy viscosity (now 1e+06 m²/s) alone allows a dt of at most about")) << run.err.toStdString();
    }
    const CliRun calm = simulate({"--model", "momentum", "--eddy-viscosity", "0.1", "--dt", "0.001"});
    EXPECT_EQ(calm.exitCode, 0) << calm.err.toStdString();
}

// A cell size out of the lattice's range is bad usage of import as of the other commands (it
// exited 1 once the raster had been read).
TEST_F(CliRanges, ImportRefusesACellSizeOutOfRangeAsUsage)
{
    const QString heightmap = dir.filePath("height.npy");
    ASSERT_EQ(cli({"export", map, "--terrain", heightmap}).exitCode, 0);
    for (const QString size : {"1e9", "1e-6"}) {
        const CliRun run = cli({"import", heightmap, "--cell-size", size, "-o", dir.filePath("imported.rbmap")});
        EXPECT_EQ(run.exitCode, 2) << size.toStdString() << ": " << run.err.toStdString();
        EXPECT_TRUE(run.err.contains("--cell-size must lie in [0.001, 1e5] m")) << run.err.toStdString();
    }
    EXPECT_EQ(cli({"import", heightmap, "--cell-size", "1e5", "-o", dir.filePath("imported.rbmap")}).exitCode, 0);
}

// An option that takes one value, given twice, is refused instead of the last one silently
// winning; the repeatable ones (--boundary, --spring, --param, ...) still collect every value.
TEST_F(CliRanges, OptionsGivenTwiceAreRefusedUnlessRepeatable)
{
    const QString out = dir.filePath("twice.rbmap");
    const struct {
        QStringList args;
        QString message;
    } rows[] = {
        {{"simulate", map, "--steps", "1", "--dt", "0.01", "--dt", "0.02"}, "--dt was given 2 times (0.01, 0.02)"},
        {{"simulate", map, "--steps", "1", "-o", out, "--output", out}, "-o was given 2 times"},
        {{"export", map, "--terrain", dir.filePath("a.png"), "--terrain", dir.filePath("b.png")}, "--terrain was given 2 times"},
        {{"generate", "--preset", "island", "--size", "32", "--size", "64", "-o", out}, "--size was given 2 times"},
    };
    for (const auto& row : rows) {
        const CliRun run = cli(row.args);
        EXPECT_EQ(run.exitCode, 2) << row.args.join(' ').toStdString();
        EXPECT_TRUE(run.err.contains(row.message)) << run.err.toStdString();
        EXPECT_FALSE(QFileInfo::exists(out)) << row.args.join(' ').toStdString();
    }
    const CliRun repeated = cli({"simulate", map, "--steps", "1", "--boundary", "north=wall", "--boundary", "south=wall", "--spring", "4,4,0.1",
                                 "--spring", "8,8,0.1", "-o", out});
    EXPECT_EQ(repeated.exitCode, 0) << repeated.err.toStdString();
    const CliRun params = cli({"generate", "--preset", "island", "--param", "width=32", "--param", "height=40", "-o", out});
    EXPECT_EQ(params.exitCode, 0) << params.err.toStdString();
    EXPECT_TRUE(params.out.contains("\"height\":40")) << params.out.toStdString();
}

// A sea level at the top of its range over the demo's water: the sea, not dt, is to blame. The dt
// is fixed here: the automatic one (the demo's own) would shorten the steps until the sea fits.
TEST_F(CliRanges, RefusalsNameTheSeaLevelNotDt)
{
    const CliRun run = simulate({"--boundary", "north=sea:100000", "--dt", "0.02"});
    EXPECT_EQ(run.exitCode, 1) << run.err.toStdString();
    EXPECT_TRUE(run.err.contains("the sea level of boundary segment")) << run.err.toStdString();
    EXPECT_FALSE(run.err.contains("Lower dt")) << run.err.toStdString();
}

TEST_F(CliRanges, HeavyGravityGivesANumericCflAndNamesGravity)
{
    const CliRun run = simulate({"--gravity", "100", "--dt", "2"});
    EXPECT_EQ(run.exitCode, 1) << run.err.toStdString();
    const QJsonObject first = QJsonDocument::fromJson(run.out.split('\n').front().toUtf8()).object();
    ASSERT_TRUE(first.contains("cfl")) << run.out.toStdString();
    EXPECT_TRUE(first["cfl"].isDouble()) << "cfl must be a number, never null: " << run.out.toStdString();
    EXPECT_TRUE(run.err.contains("Lower dt") && run.err.contains("gravity")) << run.err.toStdString();
}

} // namespace
