// riverbed-cli import HEIGHTMAP [--cell-size M] [...] -o MAP: a heightmap becomes a dry, walled map.
#include "CliSupport.h"
#include "Commands.h"

#include "io/import/MapImport.h"
#include "io/raster/RasterReader.h"
#include "ranges/ValueRanges.h"

#include <QDir>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonObject>

#include <algorithm>

namespace {

using namespace rb;

void addImportOptions(QCommandLineParser& parser)
{
    parser.setApplicationDescription(
        "Make a .rbmap from a heightmap: 8/16-bit grayscale PNG (or 8-bit RGB with equal channels), OpenEXR, "
        ".npy (float32, float64, uint16), 16-bit little-endian raw (.r16, .raw), or any raster GDAL reads (GeoTIFF, "
        "SRTM .hgt, ESRI ASCII grid, ...; every integer and float type). Row 0 is the north edge. Integer images map "
        "their levels onto --height-range, else onto the range in HEIGHTMAP.json ({\"min\": LO, \"max\": HI}) if "
        "present, else onto the one in the PNG's text chunks, else one metre per level. Float data are metres. "
        "Georeferenced rasters give their own cell size, orientation and CRS (kept in the map). The map starts dry "
        "(unless --water) with walls all round. See docs/import-export.md.");
    parser.addPositionalArgument("HEIGHTMAP", "The heightmap file.");
    parser.addOption({"cell-size", "Size of one pixel and the lattice spacing, in metres (required unless the raster has a "
                                    "geotransform; then it must agree with it).", "M"});
    parser.addOption({"height-range", "Metres of the lowest and highest integer level, e.g. -20:1500.", "LO:HI"});
    parser.addOption({"lattice", "square (one cell per pixel) or triangle (resampled, same extent). Default: square.",
                      "square|triangle", "square"});
    parser.addOption({"size", "Columns and rows of a raw (.r16) heightmap, e.g. 1025x1025 (default: from its sidecar, or "
                               "square from the file size).", "WxH"});
    parser.addOption({"water", "Initial water depth in metres, a raster of the heightmap's size (any supported format).",
                      "DEPTHFILE"});
    parser.addOption({"nodata", "NoData and NaN cells of a GDAL raster: refuse (default) or fill them from their valid neighbours.",
                      "refuse|fill", "refuse"});
    parser.addOption({{"o", "output"}, "The .rbmap to write (required).", "MAP"});
}

// "WxH" (or "N" for a square), both sides positive; nullopt after printing a usage error. Sides above
// the size limit are left to the reader, whose message names the file.
std::optional<io::GridSize> rawSize(const QString& text)
{
    const QStringList parts = text.toLower().split('x');
    bool widthOk = false, heightOk = false;
    const int width = parts.size() <= 2 ? parts.front().toInt(&widthOk) : 0;
    const int height = parts.size() == 2 ? parts.back().toInt(&heightOk) : width;
    if (parts.size() == 1) heightOk = widthOk;
    if (!widthOk || !heightOk || width < 1 || height < 1) {
        cli::fail(QString("--size expects WxH with positive sides (e.g. 1025x1025), got '%1'").arg(text), cli::kExitUsage);
        return std::nullopt;
    }
    return io::GridSize{width, height};
}

std::optional<double> cellSizeOption(const QCommandLineParser& parser)
{
    const std::optional<double> cellSize = cli::numberOption(parser, "cell-size");
    if (cellSize && *cellSize <= 0.0) {
        cli::fail("--cell-size must be a positive number of metres", cli::kExitUsage);
        return std::nullopt;
    }
    // Out of the lattice's range is bad usage too, refused before the raster is read.
    if (const std::string problem = checkRange("--cell-size", cellSize.value_or(1.0), ranges::kMinCellSize, ranges::kMaxCellSize, "m");
        !problem.empty()) {
        cli::fail(QString::fromStdString(problem), cli::kExitUsage);
        return std::nullopt;
    }
    return cellSize;
}

std::optional<io::NoDataPolicy> noDataOption(const QString& text)
{
    if (text == "refuse") return io::NoDataPolicy::Refuse;
    if (text == "fill") return io::NoDataPolicy::Fill;
    cli::fail(QString("--nodata expects refuse or fill, got '%1'").arg(text), cli::kExitUsage);
    return std::nullopt;
}

// Turns the arguments into import options; nullopt after printing a usage error.
std::optional<io::ImportOptions> importOptions(const QCommandLineParser& parser)
{
    if (!parser.isSet("output")) {
        cli::fail("import needs -o MAP", cli::kExitUsage);
        return std::nullopt;
    }
    io::ImportOptions options;
    if (parser.isSet("cell-size") && !(options.cellSize = cellSizeOption(parser))) return std::nullopt;
    const std::optional<io::NoDataPolicy> noData = noDataOption(parser.value("nodata"));
    if (!noData) return std::nullopt;
    options.noData = *noData;
    const std::optional<LatticeKind> kind = parseLatticeKind(parser.value("lattice").toStdString());
    if (!kind) {
        cli::fail(QString("--lattice expects square or triangle, got '%1'").arg(parser.value("lattice")), cli::kExitUsage);
        return std::nullopt;
    }
    options.lattice = *kind;
    if (parser.isSet("height-range")) {
        QString error;
        options.heightRange = io::parseHeightRange(parser.value("height-range"), &error);
        if (!options.heightRange) {
            cli::fail("--height-range: " + error, cli::kExitUsage);
            return std::nullopt;
        }
    }
    if (parser.isSet("size") && !io::isRawPath(parser.positionalArguments().value(0))) {
        cli::fail("--size is for raw heightmaps (.r16, .raw); " + parser.positionalArguments().value(0) + " carries its own size", cli::kExitUsage);
        return std::nullopt;
    }
    if (parser.isSet("size") && !(options.rawSize = rawSize(parser.value("size")))) return std::nullopt;
    options.waterPath = parser.value("water");
    return options;
}

// The map would be written over one of the rasters it is read from: refused before anything is
// read, so that the raster survives (a .tif given as -o as well as the input is an easy slip).
QString overwrittenInput(const QString& output, const QStringList& inputs)
{
    const QFileInfo target(output);
    for (const QString& input : inputs) {
        if (input.isEmpty()) continue;
        const QFileInfo source(input);
        if (source.exists() && target.exists() && source.canonicalFilePath() == target.canonicalFilePath())
            return QString("-o %1 is the input %2: the map would replace the raster; give another name (e.g. %3)")
                .arg(output, input, QFileInfo(source.dir(), source.completeBaseName() + ".rbmap").filePath());
    }
    return {};
}

QJsonObject summary(const QString& output, const io::ImportedMap& imported)
{
    const Map& map = imported.map;
    const auto [low, high] = std::minmax_element(map.state.bed.values().begin(), map.state.bed.values().end());
    const Lattice& l = map.state.lattice;
    return {{"output", output},
            {"lattice", QString::fromStdString(std::string(latticeKindName(l.kind())))},
            {"width", l.width()},
            {"height", l.height()},
            {"dx", l.cellSize()},
            {"worldWidth", l.worldWidth()},
            {"worldHeight", l.worldHeight()},
            {"bedMin", static_cast<double>(*low)},
            {"bedMax", static_cast<double>(*high)},
            {"volume", map.state.volume()},
            {"source", imported.description},
            {"georeferenced", map.georeference.has_value()},
            {"notes", QJsonArray::fromStringList(imported.notes)},
            {"warnings", QJsonArray::fromStringList(imported.warnings)}};
}

} // namespace

int runImport(const QStringList& args)
{
    QCommandLineParser parser;
    addImportOptions(parser);
    if (const std::optional<int> code = cli::parseArguments(parser, args)) return *code;
    if (parser.positionalArguments().size() != 1) return cli::fail("import expects exactly one HEIGHTMAP file", cli::kExitUsage);
    const std::optional<io::ImportOptions> options = importOptions(parser);
    if (!options) return cli::kExitUsage;
    if (const QString clash = overwrittenInput(parser.value("output"), {parser.positionalArguments().first(), options->waterPath}); !clash.isEmpty())
        return cli::fail(clash, cli::kExitUsage);
    if (!cli::checkOutput(parser.value("output"))) return cli::kExitFailure; // before the work, not after
    QString error;
    const std::optional<io::ImportedMap> imported = io::importMap(parser.positionalArguments().first(), *options, &error);
    if (!imported) return cli::fail(error);
    for (const QString& note : imported->notes) cli::notice(note);
    for (const QString& warning : imported->warnings) cli::notice("warning: " + warning);
    const QString output = parser.value("output");
    if (!cli::saveMap(output, imported->map)) return cli::kExitFailure;
    cli::printJsonLine(summary(output, *imported));
    return cli::kExitOk;
}
