// riverbed-cli import HEIGHTMAP --cell-size M [...] -o MAP: a heightmap becomes a dry, walled map.
#include "CliSupport.h"
#include "Commands.h"

#include "io/MapImport.h"

#include <QJsonObject>

#include <algorithm>

namespace {

using namespace rb;

void addOptions(QCommandLineParser& parser)
{
    parser.setApplicationDescription(
        "Make a .rbmap from a heightmap: 8/16-bit grayscale PNG (or 8-bit RGB with equal channels), OpenEXR, TIFF "
        "(32/64-bit float, 8/16-bit unsigned), .npy (float32, float64, uint16) or 16-bit little-endian raw (.r16, .raw). "
        "Row 0 is the north edge. Integer images map 0..max onto --height-range, else onto the range in "
        "HEIGHTMAP.json ({\"min\": LO, \"max\": HI}) if present, else onto the one in the PNG's text chunks, else one "
        "metre per level. Float data are metres. The map starts dry (unless --water) with walls all round. "
        "See docs/import-export.md.");
    parser.addPositionalArgument("HEIGHTMAP", "The heightmap file.");
    parser.addOption({"cell-size", "Size of one pixel and the lattice spacing, in metres (required).", "M"});
    parser.addOption({"height-range", "Metres of the lowest and highest integer level, e.g. -20:1500.", "LO:HI"});
    parser.addOption({"lattice", "square (one cell per pixel) or triangle (resampled, same extent). Default: square.",
                      "square|triangle", "square"});
    parser.addOption({"size", "Columns and rows of a raw (.r16) heightmap, e.g. 1025x1025 (default: from its sidecar, or "
                               "square from the file size).", "WxH"});
    parser.addOption({"water", "Initial water depth in metres, a raster of the heightmap's size (any supported format).",
                      "DEPTHFILE"});
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

// Turns the arguments into import options; nullopt after printing a usage error.
std::optional<io::ImportOptions> importOptions(const QCommandLineParser& parser)
{
    if (!parser.isSet("cell-size") || !parser.isSet("output")) {
        cli::fail("import needs --cell-size M and -o MAP", cli::kExitUsage);
        return std::nullopt;
    }
    io::ImportOptions options;
    const std::optional<double> cellSize = cli::numberOption(parser, "cell-size");
    if (!cellSize) return std::nullopt;
    if (*cellSize <= 0.0) {
        cli::fail("--cell-size must be a positive number of metres", cli::kExitUsage);
        return std::nullopt;
    }
    options.cellSize = *cellSize;
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
    if (parser.isSet("size") && !(options.rawSize = rawSize(parser.value("size")))) return std::nullopt;
    options.waterPath = parser.value("water");
    return options;
}

QJsonObject summary(const QString& output, const Map& map)
{
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
            {"volume", map.state.volume()}};
}

} // namespace

int runImport(const QStringList& args)
{
    QCommandLineParser parser;
    addOptions(parser);
    if (const std::optional<int> code = cli::parseArguments(parser, args)) return *code;
    if (parser.positionalArguments().size() != 1) return cli::fail("import expects exactly one HEIGHTMAP file", cli::kExitUsage);
    const std::optional<io::ImportOptions> options = importOptions(parser);
    if (!options) return cli::kExitUsage;
    QString error;
    const std::optional<Map> map = io::importHeightmap(parser.positionalArguments().first(), *options, &error);
    if (!map) return cli::fail(error);
    const QString output = parser.value("output");
    if (!cli::saveMap(output, *map)) return cli::kExitFailure;
    cli::printJsonLine(summary(output, *map));
    return cli::kExitOk;
}
