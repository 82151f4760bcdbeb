#include "TilesOption.h"

#include "CliSupport.h"

#include "io/export/TileExport.h"
#include "model/Map.h"

#ifdef RIVERBED_WITH_MPI
#include "distributed/MpiComm.h"
#endif

#include <QFileInfo>
#include <QJsonArray>
#include <QJsonObject>

namespace rb::cli {
namespace {

QString tilesText(std::string_view name)
{
    return QString::fromUtf8(name.data(), static_cast<qsizetype>(name.size()));
}

// The options that write one file for the whole map: beside --tiles they would be a second,
// differently sized export of the same run, so they are refused rather than quietly mixed in.
const QStringList& wholeMapOptions()
{
    static const QStringList options{"all", "gltf", "rivers", "splat", "bundle"};
    return options;
}

std::optional<int> tileCount(const QCommandLineParser& parser)
{
    bool ok = false;
    const int tiles = parser.value("tiles").toInt(&ok);
    if (!ok) return fail(QString("--tiles expects a whole number, got '%1'").arg(parser.value("tiles")), kExitUsage);
    if (tiles < 1) return fail(QString("--tiles must be at least 1, got %1").arg(tiles), kExitUsage);
    return std::nullopt;
}

// The layers given, terrain first (allLayers' order), with the state each is read from.
std::vector<io::TiledLayer> tiledLayers(const QCommandLineParser& parser, const std::function<const MapState&(io::Layer)>& stateFor)
{
    std::vector<io::TiledLayer> layers;
    for (io::Layer layer : io::allLayers())
        if (parser.isSet(tilesText(io::layerName(layer)))) layers.push_back({layer, parser.value(tilesText(io::layerName(layer))), &stateFor(layer)});
    return layers;
}

// The ranks of the MPI job this run belongs to (1 for a plain run).
int tilesJobRanks()
{
#ifdef RIVERBED_WITH_MPI
    int initialized = 0;
    MPI_Initialized(&initialized); // main() starts MPI only under mpirun
    return initialized ? MpiComm().size() : 1;
#else
    return 1;
#endif
}

// Across R ranks each writes the tiles whose index is its rank modulo R, and rank 0 the manifest;
// every rank samples the whole grid, so each tile's bytes are the ones one process writes.
io::TileSetSharing sharing()
{
    io::TileSetSharing shared;
#ifdef RIVERBED_WITH_MPI
    if (tilesJobRanks() == 1) return shared;
    const auto comm = std::make_shared<MpiComm>();
    shared.writes = [comm](int tile) { return tile % comm->size() == comm->rank(); };
    shared.writesManifest = comm->root();
    shared.agree = [comm](const QString& error) { // every rank learns the first failing rank's reason
        const int first = comm->firstWith(!error.isEmpty());
        if (first < 0) return QString();
        return QString::fromStdString(comm->broadcast(error.toStdString(), first)) + QString(" (rank %1)").arg(first);
    };
#endif
    return shared;
}

QJsonObject reportLine(const QString& mapPath, const io::TileExportRequest& request)
{
    const io::TileLayout& layout = request.layout;
    QJsonObject files;
    for (const io::TiledLayer& layer : request.layers) {
        QJsonArray names;
        for (int row = 0; row < layout.tiles; ++row)
            for (int column = 0; column < layout.tiles; ++column) names.append(io::tileFileName(layer.path, column, row));
        files[tilesText(io::layerName(layer.layer))] = names;
    }
    return {{"map", mapPath}, {"engine", tilesText(io::engineName(*request.settings.engine))}, {"tiles", layout.tiles},
            {"tileSize", layout.tileSize}, {"rasterWidth", layout.total}, {"rasterHeight", layout.total},
            {"mapRaster", QJsonArray{layout.raster.width, layout.raster.height}}, {"resampled", layout.resampled},
            {"manifest", request.manifestPath}, {"files", files}, {"ranks", tilesJobRanks()}};
}

} // namespace

void addTilesOption(QCommandLineParser& parser)
{
    parser.addOption({"tiles", "With --engine and --terrain: cut the layers given into N x N tiles (Unreal World Partition, Unity terrain "
                               "groups) whose edges share their samples, named FILE_xC_yR.EXT, and write a manifest TERRAIN.tiles.json. "
                               "Tile sizes are the engine's; a map that does not divide into them is resampled (said in the report).",
                      "N"});
}

bool tilesRequested(const QCommandLineParser& parser)
{
    return parser.isSet("tiles");
}

std::optional<int> checkTilesRequest(const QCommandLineParser& parser)
{
    if (!tilesRequested(parser)) return std::nullopt;
    if (const std::optional<int> code = tileCount(parser)) return code;
    if (!parser.isSet("engine")) return fail("--tiles cuts engine heightmaps: give --engine unity, unreal or godot", kExitUsage);
    if (!parser.isSet("terrain")) return fail("--tiles needs --terrain: the tiles are cut from the heightmap (water layers go beside it)", kExitUsage);
    if (parser.isSet("size")) return fail("--tiles chooses the tiles' size from the engine's sizes: leave out --size", kExitUsage);
    for (const QString& option : wholeMapOptions())
        if (parser.isSet(option))
            return fail(QString("--%1 writes the whole map in one file and is not cut into tiles: export it in a run without --tiles").arg(option),
                        kExitUsage);
    for (io::Layer layer : io::allLayers()) {
        const QString option = tilesText(io::layerName(layer));
        if (!parser.isSet(option)) continue;
        if (const QString problem = io::tiledLayerProblem(layer, parser.value(option)); !problem.isEmpty()) return fail(problem, kExitUsage);
    }
    return std::nullopt;
}

int exportTiles(const QCommandLineParser& parser, const QString& mapPath, const Map& map,
                const std::function<const MapState&(io::Layer)>& stateFor, const io::ExportSettings& settings)
{
    const int tiles = parser.value("tiles").toInt();
    const io::GridSize raster = io::exportRasterSize(map.state.lattice);
    if (const QString problem = io::tileLayoutProblem(*settings.engine, tiles, raster); !problem.isEmpty()) return fail(problem);
    io::TileExportRequest request{io::tileLayout(*settings.engine, tiles, raster), settings, tiledLayers(parser, stateFor),
                                  io::tileManifestPath(parser.value("terrain")), QFileInfo(mapPath).completeBaseName(), sharing()};
    if (request.layout.resampled)
        notice(QString("tiles: the map's %1 x %2 raster does not make %3 x %3 tiles of a size %4 takes; resampled to %5 x %5 (tiles of %6)")
                   .arg(raster.width).arg(raster.height).arg(tiles).arg(tilesText(io::engineName(*settings.engine))).arg(request.layout.total)
                   .arg(request.layout.tileSize));
    QString error;
    if (!io::writeTileSet(request, &error)) return fail(error + "; the earlier tiles and manifest are unchanged");
    printJsonLine(reportLine(mapPath, request));
    return kExitOk;
}

} // namespace rb::cli
