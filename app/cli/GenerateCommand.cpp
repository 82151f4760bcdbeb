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
