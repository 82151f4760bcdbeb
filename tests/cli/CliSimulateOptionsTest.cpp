// riverbed-cli simulate's options and what they promise: an oversized inflow under an automatic
// time step is named as the cause (not dt), --fill-to makes a lake at rest, options the flow model
// does not read are warned about, and info shows whether the time step is automatic.
#include "CliRun.h"

#include "io/map/MapFile.h"
#include "model/Map.h"
#include "model/SimParamTable.h"

#include <gtest/gtest.h>

#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>

#include <algorithm>
#include <cmath>
#include <string>

namespace rb {
namespace {

using test::CliRun;
using test::cli;

class CliSimulateOptions : public ::testing::Test {
protected:
    void SetUp() override { ASSERT_TRUE(dir.isValid()); }

    // A dry map with a fixed dt, the bed from `height(x, y)`.
    template <typename Height>
    QString writeMap(const QString& name, LatticeKind kind, double cellSize, double dt, Height height)
    {
        Map map;
        map.state = MapState(Lattice(kind, 64, 64, cellSize));
        for (int y = 0; y < 64; ++y)
            for (int x = 0; x < 64; ++x) map.state.bed[map.state.lattice.index(x, y)] = height(x, y);
        map.params.dt = dt;
        const QString path = dir.filePath(name);
        QString error;
        EXPECT_TRUE(io::writeMapFile(path, map, &error)) << error.toStdString();
        return path;
    }
    // 5 m cells, dt 0.8 s: a 1e9 m³/s inflow overwhelms that dt, but not a 64th of it (what the
    // automatic step's halvings leave), where it used to go unnamed.
    QString flatMap() { return writeMap("flat.rbmap", LatticeKind::Square, 5.0, 0.8, [](int, int) { return 0.0f; }); }

    QTemporaryDir dir;
};

Map optionsReadMap(const QString& path)
{
    QString error;
    std::optional<Map> map = io::readMapFile(path, &error);
    EXPECT_TRUE(map) << error.toStdString();
    return map ? *map : Map{};
}

QJsonObject parametersOf(const QString& map)
{
    const CliRun info = cli({"info", map});
    EXPECT_EQ(info.exitCode, 0) << info.err.toStdString();
    return QJsonDocument::fromJson(info.out.toUtf8()).object()["parameters"].toObject();
}

// The automatic step halves its dt (6 times) before it gives up; at the halved dt the inflow
// brings little per step, yet it is what outran every try: it is named, and the advice is not to
// switch on the automatic time step that is on.
TEST_F(CliSimulateOptions, AnOversizedInflowUnderAnAutomaticDtIsNamedNotDt)
{
    const QString map = flatMap();
    for (const char* model : {"pipes", "momentum"}) {
        const CliRun run = cli({"simulate", map, "--model", model, "--steps", "20", "--dt", "auto", "--boundary", "west=inflow:1e9"});
        EXPECT_EQ(run.exitCode, 1) << model;
        EXPECT_TRUE(run.err.contains("The cause is the inflow of boundary segment 1 (west), 1e9 m³/s")) << model << ": " << run.err.toStdString();
        EXPECT_FALSE(run.err.contains("let Riverbed choose")) << model << ": " << run.err.toStdString();
        EXPECT_FALSE(run.err.contains("Lower dt")) << model << ": " << run.err.toStdString();
    }
}

// A bed of heights that are not dyadic fractions: level − bed rounds, and unless the depth is
// made to fit, neighbouring surfaces differ by an ulp and the lake flows. On some of these beds
// no depth puts the surface at 10.3f itself (the sum ties and rounds to even): the lake then
// stands at the float next to it, the same in every wet cell. At 5.3 m the higher cells stay dry.
TEST_F(CliSimulateOptions, FillToMakesALakeAtRest)
{
    for (const LatticeKind kind : {LatticeKind::Square, LatticeKind::Triangle}) {
        const QString map = writeMap("rough.rbmap", kind, 3.7, 0.05,
                                     [](int x, int y) { return 0.1f + static_cast<float>((x * 37 + y * 101) % 89) / 9.3f; });
        for (const char* model : {"pipes", "momentum"})
            for (const char* levelText : {"10.3", "5.3"}) {
                const std::string what = std::string(model) + " to " + levelText;
                const QString out = dir.filePath("lake.rbmap");
                const CliRun run = cli({"simulate", map, "--model", model, "--steps", "50", "--fill-to", levelText, "-o", out});
                ASSERT_EQ(run.exitCode, 0) << run.err.toStdString();
                for (const QString& line : run.out.split('\n', Qt::SkipEmptyParts))
                    EXPECT_EQ(QJsonDocument::fromJson(line.toUtf8()).object()["max_speed"].toDouble(), 0.0) << what << ": " << line.toStdString();
                const Map lake = optionsReadMap(out);
                for (const FloatField& flows : lake.state.flows)
                    EXPECT_TRUE(std::all_of(flows.values().begin(), flows.values().end(), [](float q) { return q == 0.0f; })) << what;
                const float level = std::stof(levelText);
                const float surface = lake.state.bed[0] + lake.state.depth[0]; // cell 0 lies at 0.1 m
                EXPECT_LE(std::abs(surface - level), std::nextafter(level, 11.0f) - level) << what;
                int wet = 0;
                for (std::size_t i = 0; i < lake.state.depth.size(); ++i) {
                    if (!(lake.state.depth[i] > 0.0f)) continue;
                    ++wet;
                    ASSERT_EQ(lake.state.bed[i] + lake.state.depth[i], surface) << what << ", cell " << i;
                }
                EXPECT_GT(wet, 64 * 64 / 3) << what;
                EXPECT_NEAR(lake.state.ledger.edited, lake.state.volume(), 1e-6 * lake.state.volume()) << what; // the water added is booked
            }
    }
}

TEST_F(CliSimulateOptions, OptionsTheFlowModelIgnoresAreWarnedAbout)
{
    const QString map = flatMap();
    const CliRun momentum = cli({"simulate", map, "--steps", "0", "--model", "momentum", "--viscosity", "5", "--pipe", "constant", "--manning", "0.03",
                                 "--friction", "0.1"});
    ASSERT_EQ(momentum.exitCode, 0) << momentum.err.toStdString();
    EXPECT_TRUE(momentum.err.contains("warning: --viscosity has no effect in the momentum model")) << momentum.err.toStdString();
    EXPECT_TRUE(momentum.err.contains("warning: --pipe has no effect in the momentum model")) << momentum.err.toStdString();
    EXPECT_TRUE(momentum.err.contains("warning: --friction has no effect in the momentum model")) << momentum.err.toStdString();
    EXPECT_FALSE(momentum.err.contains("--manning has no effect")) << momentum.err.toStdString();
    EXPECT_EQ(momentum.err.count("warning:"), 3) << momentum.err.toStdString();

    const CliRun pipes = cli({"simulate", map, "--steps", "0", "--manning", "0.03", "--eddy-viscosity", "1", "--viscosity", "5", "--friction", "0.1"});
    ASSERT_EQ(pipes.exitCode, 0) << pipes.err.toStdString();
    EXPECT_TRUE(pipes.err.contains("warning: --manning has no effect in the pipes model")) << pipes.err.toStdString();
    EXPECT_TRUE(pipes.err.contains("warning: --eddy-viscosity has no effect in the pipes model")) << pipes.err.toStdString();
    EXPECT_EQ(pipes.err.count("warning:"), 2) << pipes.err.toStdString();

    // Without Manning's n the momentum model reads the friction: nothing to warn about.
    const CliRun friction = cli({"simulate", map, "--steps", "0", "--model", "momentum", "--friction", "0.1", "--eddy-viscosity", "1"});
    ASSERT_EQ(friction.exitCode, 0) << friction.err.toStdString();
    EXPECT_FALSE(friction.err.contains("warning:")) << friction.err.toStdString();
}

// Every number of the simulation parameter table is an option of simulate that reaches the map
// and info's line under the table's keys, and one outside its range is refused naming it: a new
// row needs nothing in the CLI.
TEST_F(CliSimulateOptions, EveryParameterOfTheTableIsAnOptionThatReachesTheMapAndInfo)
{
    const QString map = flatMap();
    const auto text = [](std::string_view view) { return QString::fromUtf8(view.data(), static_cast<qsizetype>(view.size())); };
    for (const SimParamSpec& spec : simParamTable()) {
        const std::string what(spec.key);
        // Inside the range and not any default: a quarter of the way up from the minimum, capped.
        const double value = spec.minimum + std::min(0.25 * (spec.maximum - spec.minimum), 0.125);
        const QString out = dir.filePath("table.rbmap");
        const CliRun run = cli({"simulate", map, "--steps", "1", "--" + text(spec.option), QString::number(value, 'g', 17), "-o", out});
        ASSERT_EQ(run.exitCode, 0) << what << ": " << run.err.toStdString();
        EXPECT_EQ(optionsReadMap(out).params.*spec.field, value) << what;
        EXPECT_EQ(parametersOf(out)[text(spec.infoKey)].toDouble(), value) << what;
        const CliRun refused = cli({"simulate", map, "--steps", "1", "--" + text(spec.option), QString::number(spec.maximum * 2 + 1, 'g', 17)});
        EXPECT_EQ(refused.exitCode, 2) << what;
        EXPECT_TRUE(refused.err.contains(text(spec.name) + " must lie in")) << what << ": " << refused.err.toStdString();
        const CliRun help = cli({"simulate", "--help"});
        EXPECT_TRUE(help.out.contains("--" + text(spec.option))) << what;
    }
}

TEST_F(CliSimulateOptions, InfoShowsWhetherTheTimeStepIsAutomatic)
{
    const QString fixed = flatMap();
    const QJsonObject fixedParameters = parametersOf(fixed);
    EXPECT_EQ(fixedParameters["automatic_dt"], QJsonValue(false));
    EXPECT_TRUE(fixedParameters["cfl_target"].isNull());
    EXPECT_TRUE(fixedParameters["dt_max"].isNull());

    const QString automatic = dir.filePath("auto.rbmap");
    ASSERT_EQ(cli({"simulate", fixed, "--steps", "0", "--dt", "auto:0.3", "-o", automatic}).exitCode, 0);
    const QJsonObject automaticParameters = parametersOf(automatic);
    EXPECT_EQ(automaticParameters["automatic_dt"], QJsonValue(true));
    EXPECT_EQ(automaticParameters["cfl_target"].toDouble(), 0.3);
    EXPECT_EQ(automaticParameters["dt_max"].toDouble(), 0.8); // the ceiling: the map's dt when --dt auto was given
}

} // namespace
} // namespace rb
