// riverbed-cli export MAP --terrain F ...: a map's layers as rasters for other tools and engines.
#include "CliSupport.h"
#include "Commands.h"

#include "io/LayerExport.h"
#include "io/RasterWriter.h"

#include <QJsonObject>

namespace {

using namespace rb;

const io::Layer kLayers[] = {io::Layer::Terrain, io::Layer::WaterDepth, io::Layer::WaterSurface};

QString optionName(io::Layer layer)
{
    return QString::fromUtf8(io::layerName(layer).data(), static_cast<qsizetype>(io::layerName(layer).size()));
}

void addOptions(QCommandLineParser& parser)
{
    QStringList formats;
    for (const io::RasterFormat& f : io::rasterFormats()) formats << "." + f.extension + " (" + f.description + ")";
    parser.setApplicationDescription("Write a map's layers as rasters, rows north to south; the format follows each "
                                     "file's extension: " + formats.join(", ") + ". Triangle maps are resampled onto a "
                                     "raster of the same extent. See docs/import-export.md.");
    parser.addPositionalArgument("MAP", "The .rbmap file.");
    parser.addOption({"terrain", "Bed elevation (m).", "FILE"});
    parser.addOption({"water-depth", "Water depth (m), 0 where dry.", "FILE"});
    parser.addOption({"surface", "Water surface: bed + depth where wet, else bed (m).", "FILE"});
}

// Refuses the run before loading anything if no layer is asked for or a format is unknown.
std::optional<int> checkRequests(const QCommandLineParser& parser)
{
    if (parser.positionalArguments().size() != 1) return cli::fail("export expects exactly one MAP file", cli::kExitUsage);
    bool any = false;
    for (io::Layer layer : kLayers) {
        if (!parser.isSet(optionName(layer))) continue;
        any = true;
        if (!io::rasterFormatFor(parser.value(optionName(layer))))
            return cli::fail(io::unsupportedRasterFormatMessage(parser.value(optionName(layer))), cli::kExitUsage);
    }
    if (!any) return cli::fail("nothing to export: give --terrain, --water-depth and/or --surface", cli::kExitUsage);
    return std::nullopt;
}

} // namespace

int runExport(const QStringList& args)
{
    QCommandLineParser parser;
    addOptions(parser);
    if (const std::optional<int> code = cli::parseArguments(parser, args)) return *code;
    if (const std::optional<int> code = checkRequests(parser)) return *code;
    const QString path = parser.positionalArguments().first();
    const std::optional<Map> map = cli::loadMap(path);
    if (!map) return cli::kExitFailure;
    QJsonObject files;
    for (io::Layer layer : kLayers) {
        if (!parser.isSet(optionName(layer))) continue;
        QString error;
        if (!io::exportLayer(map->state, layer, parser.value(optionName(layer)), &error)) return cli::fail(error);
        files[optionName(layer)] = parser.value(optionName(layer));
    }
    const io::GridSize size = io::exportRasterSize(map->state.lattice);
    cli::printJsonLine({{"map", path}, {"rasterWidth", size.width}, {"rasterHeight", size.height}, {"files", files}});
    return cli::kExitOk;
}
