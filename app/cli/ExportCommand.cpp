// riverbed-cli export MAP --terrain F ...: a map's layers as rasters for other tools and engines.
#include "CliSupport.h"
#include "Commands.h"
#include "GltfOption.h"
#include "RiversOption.h"
#include "SplatBundleOptions.h"
#include "TilesOption.h"

#include "io/export/LayerExport.h"
#include "io/flow/VelocityField.h"
#include "io/raster/RasterWriter.h"
#include "io/transaction/FileSetTransaction.h"
#include "io/transaction/FolderTidy.h"
#include "model/Map.h"
#include "model/MemoryBudget.h"

#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <map>

namespace {

using namespace rb;

QString exportText(std::string_view name)
{
    return QString::fromUtf8(name.data(), static_cast<qsizetype>(name.size()));
}

QString optionName(io::Layer layer)
{
    return exportText(io::layerName(layer));
}

void addExportOptions(QCommandLineParser& parser)
{
    QStringList formats;
    for (const io::RasterFormat& f : io::rasterFormats()) formats << "." + f.extension + " (" + f.description + ")";
    parser.setApplicationDescription("Write a map's layers as rasters, rows north to south; the format follows each file's extension: "
                                     + formats.join(", ") + ". Integer formats get a sidecar FILE.json with the metres of their lowest "
                                     "and highest level. Triangle maps are resampled onto a raster of the same extent. "
                                     "See docs/import-export.md and docs/export.md.");
    parser.addPositionalArgument("MAP", "The .rbmap file.");
    parser.addOption({"terrain", "Bed elevation (m).", "FILE"});
    parser.addOption({"water-depth", "Water depth (m), 0 where dry.", "FILE"});
    parser.addOption({"surface", "Water surface: bed + depth where wet, else bed (m).", "FILE"});
    parser.addOption({"velocity", "Velocity (m/s), two channels: east, south; 0 where dry (float formats only).", "FILE"});
    parser.addOption({"flowmap", "Flow map for water shaders: red/green = 0.5 + 0.5 * velocity / flow scale.", "FILE"});
    parser.addOption({"mean", "With --velocity, --flowmap and --bundle (its flow map): the time-mean velocity the map recorded (simulate --mean-from T) instead of "
                              "the last instant's: the mean discharges through the mean depths. The map must hold one."});
    parser.addOption({"mask", "Water mask: 1 where deeper than 1 mm, else 0.", "FILE"});
    parser.addOption({"currents", "The map's stored steady current (riverbed-cli currents ... -o MAP.rbmap), m/s: two float channels, east and south (.exr, .tif, .npy), or a flow map (.png, with --flowmap's conventions: --flow-scale, --flow-green, --flow-bits, --engine).", "FILE"});
    parser.addOption({"dye", "Dye concentrations 0..1 of channels 0-3 as four channels R, G, B, A (.png 8-bit RGBA; .exr, .tif, .npy float; 0 where dry).", "FILE"});
    parser.addOption({"erodibility", "Erodibility 0..1 (0 = bedrock, 1 = loose soil; 1 everywhere when the map has no erodibility field).", "FILE"});
    parser.addOption({"deposition", "Net deposition by erosion since the map's start (m; + deposited, - eroded; 0 when the map never eroded). "
                                    "Integer formats centre 0 m on mid-level; the sidecar holds the scale.", "FILE"});
    parser.addOption({"all", "Every layer as channels of one OpenEXR file.", "FILE.exr"});
    parser.addOption({"engine", "Heightmaps for a game engine: unity (.r16), unreal (.png or .r16), godot (.exr or .r16); every layer on its grid.",
                      "unity|unreal|godot"});
    parser.addOption({"size", "Resample to N x N (with --engine: a size the engine takes).", "N"});
    parser.addOption({"flow-scale", "Speed (m/s) of a full flow-map deflection. Default: the 99th percentile of the moving cells' speeds.", "M/S"});
    parser.addOption({"flow-green", "Direction of flow-map green above 0.5. Default: north for unity, else south.", "north|south"});
    parser.addOption({"flow-bits", "Bits per channel of a flow-map PNG: 8 or 16. Default: 8.", "8|16"});
    cli::addGltfOptions(parser);
    cli::addRiversOptions(parser);
    cli::addSplatBundleOptions(parser);
    cli::addTilesOption(parser);
}

std::optional<int> positiveInteger(const QCommandLineParser& parser, const QString& name)
{
    bool ok = false;
    const int value = parser.value(name).toInt(&ok);
    if (!ok) {
        cli::fail(QString("--%1 expects a whole number, got '%2'").arg(name, parser.value(name)), cli::kExitUsage);
        return std::nullopt;
    }
    return value;
}

// The settings from the options; nullopt after printing a usage error.
std::optional<io::ExportSettings> exportSettings(const QCommandLineParser& parser)
{
    io::ExportSettings settings;
    if (parser.isSet("engine") && !(settings.engine = io::parseEngine(parser.value("engine").toStdString()))) {
        cli::fail(QString("--engine expects unity, unreal or godot, got '%1'").arg(parser.value("engine")), cli::kExitUsage);
        return std::nullopt;
    }
    if (parser.isSet("size") && !(settings.size = positiveInteger(parser, "size"))) return std::nullopt;
    if (parser.isSet("flow-bits")) {
        const std::optional<int> bits = positiveInteger(parser, "flow-bits");
        if (!bits) return std::nullopt;
        settings.flowBits = *bits;
    }
    if (parser.isSet("flow-scale") && !(settings.flowScale = cli::numberOption(parser, "flow-scale"))) return std::nullopt;
    if (parser.isSet("flow-green") && !(settings.flowGreen = io::parseFlowGreen(parser.value("flow-green").toStdString()))) {
        cli::fail(QString("--flow-green expects north or south, got '%1'").arg(parser.value("flow-green")), cli::kExitUsage);
        return std::nullopt;
    }
    if (const QString problem = io::exportSettingsProblem(settings); !problem.isEmpty()) {
        cli::fail(problem, cli::kExitUsage);
        return std::nullopt;
    }
    return settings;
}

// Two layers written to one file would leave only the second: refuse before writing either.
std::optional<int> checkDistinctFiles(const QCommandLineParser& parser)
{
    std::map<QString, QString> optionOfFile; // absolute path → the option that names it
    QStringList options{"all", "rivers", "gltf", "splat"};
    for (io::Layer layer : io::allLayers()) options.append(optionName(layer));
    for (const QString& option : options) {
        if (!parser.isSet(option)) continue;
        const QString file = QFileInfo(parser.value(option)).absoluteFilePath();
        const auto [it, inserted] = optionOfFile.emplace(file, option);
        if (!inserted)
            return cli::fail(QString("--%1 and --%2 both name %3: give each layer its own file").arg(it->second, option, parser.value(option)),
                             cli::kExitUsage);
    }
    return std::nullopt;
}

// Refuses the run before loading anything if no layer is asked for or a file cannot take its layer.
std::optional<int> checkRequests(const QCommandLineParser& parser, const io::ExportSettings& settings)
{
    if (parser.positionalArguments().size() != 1) return cli::fail("export expects exactly one MAP file", cli::kExitUsage);
    if (const std::optional<int> code = cli::checkRiversOptions(parser)) return code;
    if (const std::optional<int> code = cli::checkBundleOptions(parser)) return code;
    bool any = parser.isSet("all") || parser.isSet("splat") || parser.isSet("bundle");
    if (parser.isSet("all") && QFileInfo(parser.value("all")).suffix().toLower() != "exr")
        return cli::fail(QString("%1: --all writes one OpenEXR file; name it .exr").arg(parser.value("all")), cli::kExitUsage);
    any = any || parser.isSet("rivers");
    for (io::Layer layer : io::allLayers()) {
        if (!parser.isSet(optionName(layer))) continue;
        any = true;
        if (const QString problem = io::exportRequestProblem(layer, parser.value(optionName(layer)), settings); !problem.isEmpty())
            return cli::fail(problem, cli::kExitUsage);
    }
    if (const std::optional<int> code = cli::checkGltfRequest(parser)) return code;
    any = any || cli::gltfRequested(parser);
    if (!any) return cli::fail("nothing to export: give --terrain, --water-depth, --surface, --velocity, --flowmap, --mask, --dye, --currents, --erodibility, --deposition, --all, --gltf, "
                               "--rivers, --splat and/or --bundle",
                               cli::kExitUsage);
    return checkDistinctFiles(parser);
}

// The layers --mean applies to: the velocity and its flow map.
bool takesMean(io::Layer layer)
{
    return layer == io::Layer::Velocity || layer == io::Layer::FlowMap;
}

// --mean needs a layer it applies to, and a map that holds a mean (checked once the map is read).
std::optional<int> checkMeanRequest(const QCommandLineParser& parser)
{
    if (!parser.isSet("mean")) return std::nullopt;
    if (parser.isSet("bundle")) return std::nullopt; // the bundle's flow map
    for (io::Layer layer : io::allLayers())
        if (takesMean(layer) && parser.isSet(optionName(layer))) return std::nullopt;
    return cli::fail("--mean applies to --velocity, --flowmap and --bundle's flow map: give at least one of them", cli::kExitUsage);
}

std::optional<int> checkMapHoldsMean(const QCommandLineParser& parser, const QString& path, const Map& map)
{
    if (!parser.isSet("mean") || !map.state.meanFlow.empty()) return std::nullopt;
    return cli::fail(QString("%1 holds no time-mean flow: record one with 'riverbed-cli simulate %1 --steps N --mean-from T -o %1', "
                             "or leave out --mean for the last instant's velocity").arg(path));
}

// The engine settings of a heightmap, for people reading the terminal.
void noticeEngineSettings(const QString& file, const QJsonObject& report)
{
    for (const char* engine : {"unity", "unreal", "godot"})
        if (report.contains(engine))
            cli::notice(QString("%1 settings for %2: %3").arg(engine, file, QString::fromUtf8(QJsonDocument(report[engine].toObject()).toJson(QJsonDocument::Compact))));
}

// Every file the command would write can be written: checked before the first is, so that a
// bad path among them is refused before any work. Each output folder is tidied first: what a
// killed export left there goes, and a commit it was in the middle of is completed (said on stderr).
bool outputsWritable(const QCommandLineParser& parser)
{
    QStringList options{"all", "gltf", "rivers", "splat"};
    for (io::Layer layer : io::allLayers()) options.append(optionName(layer));
    for (const QString& option : options) {
        if (!parser.isSet(option)) continue;
        for (const QString& note : io::tidyFolder(QFileInfo(parser.value(option)).absolutePath()).notes) cli::notice(note);
        if (!cli::checkOutput(parser.value(option))) return false;
    }
    return true;
}

// The export's peak: the map as read and the largest of what it writes, one file after another
// (a bundle's layers and splat map, every layer in one image, the most channels of one layer).
// The glTF meshes are checked where they are built (GltfExport.cpp).
std::uint64_t exportPeak(const QCommandLineParser& parser, const Map& map, const io::ExportSettings& settings)
{
    const io::ExportGrid grid = io::exportGrid(map.state.lattice, settings);
    const std::uint64_t rasterCells = static_cast<std::uint64_t>(grid.width) * static_cast<std::uint64_t>(grid.height);
    if (parser.isSet("bundle")) return MemoryBudget::bundleExportPeak(map.state, rasterCells);
    std::uint64_t peak = MemoryBudget::layerExportPeak(map.state, 0, 0);
    if (parser.isSet("all")) peak = std::max(peak, MemoryBudget::allLayersExportPeak(map.state, rasterCells));
    if (parser.isSet("splat")) peak = std::max(peak, MemoryBudget::layerExportPeak(map.state, rasterCells, 4));
    for (io::Layer layer : io::allLayers())
        if (parser.isSet(optionName(layer))) peak = std::max(peak, MemoryBudget::layerExportPeak(map.state, rasterCells, io::channelCount(layer)));
    return peak;
}

// Refused before the first file is written when the export would not fit.
std::optional<int> checkExportMemory(const QCommandLineParser& parser, const Map& map, const io::ExportSettings& settings)
{
    const io::ExportGrid grid = io::exportGrid(map.state.lattice, settings);
    const std::string what = "exporting this " + std::to_string(map.state.lattice.width()) + "×" + std::to_string(map.state.lattice.height()) +
                             " map on a " + std::to_string(grid.width) + "×" + std::to_string(grid.height) + " raster";
    const std::string refusal = MemoryBudget::peakRefusal(exportPeak(parser, map, settings), what);
    if (refusal.empty()) return std::nullopt;
    return cli::fail(QString::fromStdString(refusal));
}

} // namespace

int runExport(const QStringList& args)
{
    QCommandLineParser parser;
    addExportOptions(parser);
    if (const std::optional<int> code = cli::parseArguments(parser, args)) return *code;
    std::optional<io::ExportSettings> settings = exportSettings(parser);
    if (!settings) return cli::kExitUsage;
    const std::optional<io::SplatSettings> splat = cli::splatSettingsFromOptions(parser);
    if (!splat) return cli::kExitUsage;
    if (const std::optional<int> code = checkRequests(parser, *settings)) return *code;
    if (const std::optional<int> code = checkMeanRequest(parser)) return *code;
    if (const std::optional<int> code = cli::checkTilesRequest(parser)) return *code;
    const QString path = parser.positionalArguments().first();
    const std::optional<Map> map = cli::loadMap(path);
    if (!map) return cli::kExitFailure;
    if (const std::optional<int> code = checkMapHoldsMean(parser, path, *map)) return *code;
    // With --mean the velocity layers read the mean flow; every other layer the last instant.
    const std::optional<MapState> meanState = parser.isSet("mean") ? std::optional(io::meanFlowState(map->state)) : std::nullopt;
    settings->georeference = map->georeference;
    if (const std::optional<int> code = checkExportMemory(parser, *map, *settings)) return *code;
    if (parser.isSet("bundle")) return cli::runBundleExport(parser, path, *map, *settings, *splat);
    if (!outputsWritable(parser)) return cli::kExitFailure; // none written when one of them cannot be
    if (cli::tilesRequested(parser)) {
        const auto stateFor = [&](io::Layer layer) -> const MapState& { return meanState && takesMean(layer) ? *meanState : map->state; };
        return cli::exportTiles(parser, path, *map, stateFor, *settings);
    }
    // Every file below waits in its staging file until all are written: any failure returns
    // before the commit, and the transaction then removes them, leaving every old file as it was.
    io::FileSetTransaction transaction;
    QJsonObject files, details;
    QString error;
    for (io::Layer layer : io::allLayers()) {
        if (!parser.isSet(optionName(layer))) continue;
        const QString file = parser.value(optionName(layer));
        const bool mean = meanState && takesMean(layer);
        std::optional<QJsonObject> report = io::exportLayer(mean ? *meanState : map->state, layer, file, *settings, &error);
        if (!report) return cli::fail(error);
        if (mean) report->insert("mean", io::meanFlowWindowJson(map->state.meanFlow));
        files[optionName(layer)] = file;
        details[optionName(layer)] = *report;
        noticeEngineSettings(file, *report);
    }
    if (parser.isSet("all")) {
        const std::optional<QJsonObject> report = io::writeExportImage(io::allLayersImage(map->state, *settings), parser.value("all"), false, &error);
        if (!report) return cli::fail(error);
        files["all"] = parser.value("all");
        details["all"] = *report;
    }
    if (cli::gltfRequested(parser) && !cli::writeGltf(parser, map->state, files, details)) return cli::kExitFailure;
    if (parser.isSet("rivers")) {
        const std::optional<QJsonObject> report = cli::exportRivers(parser, *map);
        if (!report) return cli::kExitFailure;
        files["rivers"] = parser.value("rivers");
        details["rivers"] = *report;
    }
    if (parser.isSet("splat")) {
        const std::optional<QJsonObject> report = cli::exportSplatOption(parser, *map, *settings, *splat);
        if (!report) return cli::kExitFailure;
        files["splat"] = parser.value("splat");
        details["splat"] = *report;
    }
    if (!transaction.commit(&error)) return cli::fail(error);
    const io::ExportGrid grid = io::exportGrid(map->state.lattice, *settings);
    QJsonObject line{{"map", path}, {"rasterWidth", grid.width}, {"rasterHeight", grid.height}, {"files", files}, {"details", details}};
    if (settings->engine) line["engine"] = exportText(io::engineName(*settings->engine));
    cli::printJsonLine(line);
    return cli::kExitOk;
}
