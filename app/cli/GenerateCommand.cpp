// riverbed-cli generate: makes a map from one of the generator's presets and writes it as .rbmap.
#include "CliSupport.h"
#include "Commands.h"

#include "generator/ParameterReference.h"
#include "generator/TerrainGenerator.h"
#include "model/MemoryBudget.h"
#include "ranges/ValueRanges.h"

#include <QElapsedTimer>
#include <QJsonObject>
#include <QTextStream>

#ifdef RIVERBED_WITH_MPI
#include "distributed/BandPlan.h"
#include "distributed/BandWriter.h"
#include "distributed/MpiComm.h"
#include "generator/BandGenerator.h"
#endif

namespace {

using rb::cli::fail;
using rb::cli::kExitUsage;
using rb::gen::GeneratorSettings;

QString describe()
{
    QString text = "Generate a terrain map with water, ready to simulate, and write it as .rbmap.\n\nPresets:\n";
    for (rb::gen::Preset p : rb::gen::kAllPresets)
        text += QString("  %1  %2\n").arg(QString::fromUtf8(rb::gen::presetName(p).data()).leftJustified(12),
                                          QString::fromUtf8(rb::gen::presetSummary(p).data()));
    text += "\nThe map holds the terrain, the boundary segments, the initial water (the sea filled to sea level\n"
            "wherever the sea boundary reaches; the river channel primed with prime_depth of water), simulation\n"
            "parameters suited to the preset, the erodibility (rock, soil, sand) and every parameter used\n"
            "(as JSON). erode_hours=H adds a last stage: H hours of rain at erode_rain with erosion on; the\n"
            "map keeps the eroded bed, its change as the deposition, and the usual initial water.\n"
            "See docs/generator.md.\n\n";
    return text + QString::fromStdString(rb::gen::parameterReferenceText());
}

// "N" or "WxH" → {W, H} as text, for the width and height keys to check against their ranges.
std::optional<std::pair<QString, QString>> splitSize(const QString& size)
{
    const QStringList parts = size.toLower().split('x');
    if (parts.size() == 1 && !parts[0].isEmpty()) return std::make_pair(parts[0], parts[0]);
    if (parts.size() == 2 && !parts[0].isEmpty() && !parts[1].isEmpty()) return std::make_pair(parts[0], parts[1]);
    return std::nullopt;
}

// Applies one key; on failure prints the generator's message (which names the key and its range).
bool apply(GeneratorSettings& settings, const QString& key, const QString& value)
{
    const std::string error = settings.setParam(key.toStdString(), value.toStdString());
    if (error.empty()) return true;
    fail(QString::fromStdString(error), kExitUsage);
    return false;
}

// The named options first, then every --param in order, so a later --param wins.
bool applyOptions(GeneratorSettings& settings, const QCommandLineParser& parser)
{
    if (parser.isSet("size")) {
        const auto size = splitSize(parser.value("size"));
        if (!size) {
            fail("--size expects N or WxH, got '" + parser.value("size") + "'", kExitUsage);
            return false;
        }
        if (!apply(settings, "width", size->first) || !apply(settings, "height", size->second)) return false;
    }
    for (const auto& [option, key] : {std::pair{"lattice", "lattice"}, {"seed", "seed"}, {"cell-size", "cell_size"}})
        if (parser.isSet(option) && !apply(settings, key, parser.value(option))) return false;
    for (const QString& assignment : parser.values("param")) {
        const qsizetype eq = assignment.indexOf('=');
        if (eq <= 0) {
            fail("--param expects KEY=VALUE, got '" + assignment + "'", kExitUsage);
            return false;
        }
        if (!apply(settings, assignment.left(eq), assignment.mid(eq + 1))) return false;
    }
    return true;
}

double landFraction(const rb::Map& map, double seaLevel)
{
    std::size_t land = 0;
    for (float b : map.state.bed.values()) land += b > seaLevel ? 1 : 0;
    return static_cast<double>(land) / static_cast<double>(map.state.bed.size());
}

#ifdef RIVERBED_WITH_MPI
// The ranks of the MPI job (1 for a plain run).
int generateJobRanks()
{
    int initialized = 0, ranks = 1;
    MPI_Initialized(&initialized);
    if (initialized) MPI_Comm_size(MPI_COMM_WORLD, &ranks);
    return ranks;
}

// A band holds one row more than it owns on each inner side (the erodibility reads a cell's
// neighbours), two to keep its first row even (BandPlan: the triangle lattice's parity).
constexpr int kBandHalo = 2;

// The land cells of the rows this rank owns, added over the ranks (exact: whole numbers).
std::int64_t landCells(const rb::MpiComm& comm, const rb::Map& band, const rb::Band& rows, double seaLevel)
{
    const rb::FloatField& bed = band.state.bed;
    std::int64_t land = 0;
    for (int y = rows.y0; y < rows.y1; ++y)
        for (int x = 0; x < bed.width(); ++x) land += bed(x, y - rows.s) > seaLevel ? 1 : 0;
    return comm.sum(land);
}

// generate across ranks (docs/scaling.md, "Generating by bands"): each rank makes its band's rows
// and rank 0 writes them in turn (BandWriter), the bytes of the one-process map. Presets with a
// stage that needs the whole map are refused, naming the stage.
int generateByBands(const GeneratorSettings& settings, const rb::gen::GenerationOptions& options, const QString& output, int ranks)
{
    const QString preset = QString::fromUtf8(rb::gen::presetName(settings.preset()).data());
    if (const std::string stages = rb::gen::BandGenerator::wholeMapStage(settings); !stages.empty())
        return fail(QString("generate across %1 ranks: the %2 preset as set has stages that need the whole map, which no rank holds: %3. "
                            "Generate it in one process (without mpirun, or with -n 1), then simulate it across ranks")
                        .arg(ranks).arg(preset, QString::fromStdString(stages)),
                    kExitUsage);
    const rb::Lattice whole(settings.common.lattice, settings.common.width, settings.common.height, settings.common.cellSize);
    if (const std::string problem = rb::BandPlan::refusal(whole.height(), ranks); !problem.empty()) return fail(QString::fromStdString(problem), kExitUsage);
    const rb::MpiComm comm;
    const rb::BandPlan plan(whole.height(), ranks, kBandHalo);
    const rb::Band& band = plan.band(comm.rank());
    const rb::Lattice held(whole.kind(), whole.width(), band.height(), whole.cellSize());
    const std::string what = "generating a " + std::to_string(whole.width()) + "×" + std::to_string(band.height()) + " band";
    if (const std::string refusal = rb::MemoryBudget::peakRefusal(rb::MemoryBudget::generationPeak(held, false), what); !refusal.empty())
        return fail(QString::fromStdString(refusal));
    if (comm.root() && !rb::cli::checkOutput(output)) return rb::cli::kExitFailure; // before the work, not after
    QElapsedTimer timer;
    timer.start();
    rb::gen::BandGenerator generator(settings, band.s, band.e, options);
    generator.sampleTerrain(); // false only when cancelled: the command has no cancel
    const std::optional<rb::Map> map = generator.finish(comm.max(generator.highestBed()));
    QString error;
    if (!map || !rb::BandWriter(comm, plan, whole).write(output, *map, &error)) return fail(error);
    const std::int64_t land = landCells(comm, *map, band, settings.common.seaLevel);
    rb::cli::printJsonLine(QJsonObject{
        {"output", output}, {"preset", preset}, {"width", whole.width()}, {"height", whole.height()},
        {"lattice", QString::fromUtf8(rb::latticeKindName(whole.kind()).data())}, {"seed", static_cast<qint64>(settings.common.seed)},
        {"generate_seconds", timer.nsecsElapsed() * 1e-9}, {"land_fraction", static_cast<double>(land) / static_cast<double>(whole.cellCount())},
        {"water_volume", 0.0}, // the presets made by bands start dry: walls all round, no sea, no river
        {"dt", map->params.dt}, {"ranks", ranks}});
    return rb::cli::kExitOk;
}
#endif

} // namespace

int runGenerate(const QStringList& args)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(describe());
    parser.addOptions({
        {"preset", "island, river, archipelago or lakes.", "name"},
        {"size", "Map size in cells: N (N×N) or WxH, each 32..8192.", "size"},
        {"lattice", "square or triangle.", "kind"},
        {"seed", "Seed of the noise and placements (0..2147483647).", "number"},
        {"cell-size", "Lattice spacing in metres.", "metres"},
        {"param", "Set any parameter below; repeatable, applied after the options above.", "key=value"},
        {{"o", "output"}, "The .rbmap file to write.", "file"},
        {"threads", "Threads for generating (default: all).", "count"},
        {"progress", "Print progress (0-100%) to stderr."},
    });
    if (auto code = rb::cli::parseArguments(parser, args, {"param"})) return *code;
    if (!parser.positionalArguments().isEmpty()) return fail("unexpected argument '" + parser.positionalArguments().first() + "'", kExitUsage);
    if (!parser.isSet("preset")) return fail("--preset is required (island, river, archipelago or lakes)", kExitUsage);
    const auto preset = rb::gen::parsePreset(parser.value("preset").toStdString());
    if (!preset) return fail("unknown preset '" + parser.value("preset") + "' (island, river, archipelago or lakes)", kExitUsage);
    if (!parser.isSet("output")) return fail("-o FILE is required", kExitUsage);

    GeneratorSettings settings(*preset);
    if (!applyOptions(settings, parser)) return kExitUsage;
    if (const std::string error = settings.validate(); !error.empty()) return fail(QString::fromStdString(error), kExitUsage);

    rb::gen::GenerationOptions options;
    if (parser.isSet("threads")) {
        bool ok = false;
        options.threads = parser.value("threads").toInt(&ok);
        if (!ok || options.threads < 1 || options.threads > rb::ranges::kMaxThreads)
            return fail(QString("--threads must be a whole number in 1..%1, got '%2'").arg(rb::ranges::kMaxThreads).arg(parser.value("threads")), kExitUsage);
    }
    QTextStream err(stderr);
    if (parser.isSet("progress")) options.progress = [&err](int percent) { err << "generate: " << percent << "%" << Qt::endl; };

#ifdef RIVERBED_WITH_MPI
    if (const int ranks = generateJobRanks(); ranks > 1) return generateByBands(settings, options, parser.value("output"), ranks);
#endif
    const rb::Lattice planned(settings.common.lattice, settings.common.width, settings.common.height, settings.common.cellSize);
    const std::uint64_t needed = rb::MemoryBudget::generationPeak(planned, settings.erode.hours > 0.0);
    const std::string what = "generating a " + std::to_string(settings.common.width) + "×" + std::to_string(settings.common.height) + " map";
    if (const std::string refusal = rb::MemoryBudget::peakRefusal(needed, what); !refusal.empty()) return fail(QString::fromStdString(refusal));

    if (!rb::cli::checkOutput(parser.value("output"))) return rb::cli::kExitFailure; // before the work, not after

    QElapsedTimer timer;
    timer.start();
    const rb::gen::GenerationResult result = rb::gen::generateMap(settings, options);
    const double seconds = timer.nsecsElapsed() * 1e-9;
    if (!result.ok()) return fail(QString::fromStdString(result.error));
    if (!rb::cli::saveMap(parser.value("output"), result.map)) return rb::cli::kExitFailure;

    const rb::Lattice& lattice = result.map.state.lattice;
    QJsonObject summary{
        {"output", parser.value("output")},
        {"preset", QString::fromUtf8(rb::gen::presetName(*preset).data())},
        {"width", lattice.width()},
        {"height", lattice.height()},
        {"lattice", QString::fromUtf8(rb::latticeKindName(lattice.kind()).data())},
        {"seed", static_cast<qint64>(settings.common.seed)},
        {"generate_seconds", seconds},
        {"land_fraction", landFraction(result.map, settings.common.seaLevel)},
        {"water_volume", result.map.state.volume()},
        {"dt", result.map.params.dt},
    };
    if (!result.channel.empty()) summary.insert("channel_cells", static_cast<qint64>(result.channel.size()));
    if (result.erosion.ran) {
        const rb::SedimentLedger& books = result.erosion.ledger;
        summary.insert("erode_seconds", result.erosion.seconds); // simulated
        summary.insert("erode_steps", static_cast<qint64>(result.erosion.steps));
        summary.insert("eroded", books.eroded);          // m³ taken from the bed
        summary.insert("deposited", books.deposited);    // m³ settled back, the load left at the end included
        summary.insert("sediment_out", books.carried.outflow() - books.carried.inflow()); // m³ that left through the boundary
    }
    rb::cli::printJsonLine(summary);
    return rb::cli::kExitOk;
}
