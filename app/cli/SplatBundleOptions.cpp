#include "SplatBundleOptions.h"

#include "CliSupport.h"

#include "analysis/RiversBundleItem.h"
#include "io/export/EngineBundle.h"
#include "io/export/SplatFile.h"
#include "io/transaction/FolderTidy.h"

#include <QFileInfo>
#include <QJsonArray>

namespace rb::cli {
namespace {

// Layer options that the bundle writes itself (or decides by the engine): refused beside --bundle
// instead of being silently ignored.
const QStringList& optionsTheBundleDecides()
{
    static const QStringList options{"terrain", "water-depth", "surface", "velocity", "flowmap", "mask", "all", "splat", "flow-green", "flow-bits", "gltf", "rivers",
                                     "currents", "dye", "erodibility", "deposition"};
    return options;
}

std::optional<io::HeightRange> rangeOption(const QCommandLineParser& parser, const QString& name)
{
    QString error;
    std::optional<io::HeightRange> range = io::parseHeightRange(parser.value(name), &error);
    if (!range) fail(QString("--%1: %2").arg(name, error), kExitUsage);
    return range;
}

// Two angles LO:HI in degrees (parsed as a range, but not one of heights: its message says so).
std::optional<io::HeightRange> angleRangeOption(const QCommandLineParser& parser, const QString& name)
{
    QString unused;
    std::optional<io::HeightRange> range = io::parseHeightRange(parser.value(name), &unused);
    if (!range) fail(QString("--%1 must be LO:HI in degrees, LO below HI (e.g. 25:40), got '%2'").arg(name, parser.value(name)), kExitUsage);
    return range;
}

} // namespace

void addSplatBundleOptions(QCommandLineParser& parser)
{
    parser.addOption({"splat", "Splat weights as an 8-bit RGBA PNG: R slope, G ground, B wet, A shore, summing to 255 (docs/export.md).",
                      "FILE.png"});
    parser.addOption({"splat-slope", "Slope angles (degrees) over which rock (R) fades in. Default: 25:40.", "LO:HI"});
    parser.addOption({"splat-band", "Heights (m) over which high ground turns to rock (R). Default: 70%..90% of the terrain's range.", "LO:HI"});
    parser.addOption({"splat-shore", "Width (m) of the shore band (A) beside the water. Default: 3 sample spacings.", "M"});
    parser.addOption({"splat-wet", "Depth (m) from which a cell counts as wet (B). Default: 0.01.", "M"});
    parser.addOption({"bundle", "Every layer, the splat map and manifest.json for --engine into DIR (made if missing).", "DIR"});
    parser.addOption({"force", "With --bundle: write into a folder that holds other files (only the bundle's files are replaced)."});
}

std::optional<io::SplatSettings> splatSettingsFromOptions(const QCommandLineParser& parser)
{
    io::SplatSettings splat;
    if (parser.isSet("splat-slope")) {
        const std::optional<io::HeightRange> slope = angleRangeOption(parser, "splat-slope");
        if (!slope) return std::nullopt;
        splat.slopeDegrees = *slope;
    }
    if (parser.isSet("splat-band") && !(splat.band = rangeOption(parser, "splat-band"))) return std::nullopt;
    if (parser.isSet("splat-shore") && !(splat.shoreWidth = numberOption(parser, "splat-shore"))) return std::nullopt;
    if (parser.isSet("splat-wet")) {
        const std::optional<double> wet = numberOption(parser, "splat-wet");
        if (!wet) return std::nullopt;
        splat.wetDepth = *wet;
    }
    if (const QString problem = io::splatSettingsProblem(splat); !problem.isEmpty()) {
        fail(problem, kExitUsage);
        return std::nullopt;
    }
    return splat;
}

std::optional<int> checkBundleOptions(const QCommandLineParser& parser)
{
    if (parser.isSet("splat"))
        if (const QString problem = io::splatPathProblem(parser.value("splat")); !problem.isEmpty()) return fail(problem, kExitUsage);
    if (!parser.isSet("bundle")) {
        if (parser.isSet("force")) return fail("--force only applies to --bundle", kExitUsage);
        return std::nullopt;
    }
    if (!parser.isSet("engine")) return fail("--bundle needs --engine unity|unreal|godot", kExitUsage);
    for (const QString& option : optionsTheBundleDecides())
        if (parser.isSet(option)) return fail(QString("--%1 cannot be combined with --bundle: the bundle writes every layer the engine's way").arg(option), kExitUsage);
    return std::nullopt;
}

std::optional<QJsonObject> exportSplatOption(const QCommandLineParser& parser, const Map& map, const io::ExportSettings& settings,
                                             const io::SplatSettings& splat)
{
    io::SplatSettings withSea = splat;
    withSea.seaLevel = io::mapSeaLevel(map);
    QString error;
    std::optional<QJsonObject> report = io::exportSplat(map.state, parser.value("splat"), settings, withSea, &error);
    if (!report) fail(error);
    return report;
}

int runBundleExport(const QCommandLineParser& parser, const QString& mapPath, const Map& map, const io::ExportSettings& settings,
                    const io::SplatSettings& splat)
{
    io::EngineBundleRequest request;
    request.engine = *settings.engine;
    request.folder = parser.value("bundle");
    request.mapName = QFileInfo(mapPath).completeBaseName();
    request.size = settings.size;
    request.flowScale = settings.flowScale;
    request.splat = splat;
    request.splat.seaLevel = io::mapSeaLevel(map);
    request.georeference = map.georeference;
    request.force = parser.isSet("force");
    request.meanFlow = parser.isSet("mean");
    // What a killed export left in the folder goes first, and a commit it was in the middle of is
    // completed, said on stderr as for the layer files (the bundle's own write tidies silently).
    if (QFileInfo(request.folder).isDir())
        for (const QString& note : io::tidyFolder(QFileInfo(request.folder).absoluteFilePath()).notes) notice(note);
    if (const QString problem = io::engineBundleProblem(request); !problem.isEmpty())
        return fail(io::engineBundleNeedsForce(request) ? problem + ": choose an empty or new folder, or add --force to write the "
                                                                   "bundle's files among the others"
                                                        : problem,
                    kExitUsage);
    // The map outlives the writing: the rivers' part borrows it rather than copying it.
    const std::shared_ptr<const Map> borrowed(&map, [](const Map*) {});
    const io::EngineBundleResult result = io::writeEngineBundle(map.state, request, analysis::engineBundleItems(request.engine, borrowed));
    if (!result.ok()) return fail(result.error);
    if (!result.otherFiles.isEmpty())
        notice(QString("%1 also holds %2 other file(s), left as they were").arg(request.folder).arg(result.otherFiles.size()));
    printJsonLine({{"map", mapPath}, {"bundle", request.folder}, {"engine", result.manifest["engine"]},
                   {"files", QJsonArray::fromStringList(result.files)}, {"otherFiles", QJsonArray::fromStringList(result.otherFiles)},
                   {"manifest", result.manifest}});
    return kExitOk;
}

} // namespace rb::cli
