#include "io/export/TileExport.h"

#include "io/raster/RasterWriter.h"
#include "io/raster/Sidecar.h"
#include "io/transaction/FileSetTransaction.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QSet>

namespace rb::io {
namespace {

constexpr int kTilesManifestVersion = 1;
constexpr char kManifestKind[] = "engine-tiles";
constexpr double kTileCentimetres = 100.0;

QString tileText(std::string_view name)
{
    return QString::fromUtf8(name.data(), static_cast<qsizetype>(name.size()));
}

// The engine note of the whole set describes its full grid; a tile's file holds tileSize samples,
// so its size members (and Unity's terrain width and length) say the tile's. The vertical members
// (Unity's terrain height and position, Unreal's Z scale and location, Godot's height range) stay
// the set's: one scale for every tile is what keeps a shared edge's levels equal.
void setTileSize(QJsonObject& notes, Engine engine, const ExportGrid& tile)
{
    const QString key = tileText(engineName(engine));
    if (!notes.contains(key)) return;
    QJsonObject note = notes[key].toObject();
    for (const char* size : {"heightmapResolution", "resolution", "mapWidth", "mapDepth"})
        if (note.contains(size)) note[size] = tile.width;
    if (note.contains("terrainWidth")) note["terrainWidth"] = (tile.width - 1) * tile.stepX;
    if (note.contains("terrainLength")) note["terrainLength"] = (tile.height - 1) * tile.stepY;
    notes[key] = note;
}

// The tile's samples out of the whole set's image, with the set's levels and notes.
ExportImage cutTile(const ExportImage& whole, const TileExportRequest& request, const ExportGrid& tile, int column, int row)
{
    const TileLayout& layout = request.layout;
    const CellRegion region{layout.firstSample(column), layout.firstSample(row), layout.tileSize, layout.tileSize};
    ExportImage out;
    out.layer = whole.layer;
    out.channelNames = whole.channelNames;
    out.levels = whole.levels;
    out.meaning = whole.meaning;
    out.pngBits = whole.pngBits;
    out.southRowFirst = whole.southRowFirst;
    out.notes = whole.notes;
    for (const FloatField& channel : whole.channels) {
        FloatField part(layout.tileSize, layout.tileSize);
        part.values() = channel.valuesIn(region);
        out.channels.push_back(std::move(part));
    }
    setTileSize(out.notes, *request.settings.engine, tile);
    if (request.settings.georeference) out.georeference = rasterGeoreference(*request.settings.georeference, tile);
    return out;
}

QString relativeTo(const QString& manifestPath, const QString& file)
{
    return QFileInfo(manifestPath).absoluteDir().relativeFilePath(QFileInfo(file).absoluteFilePath());
}

// What a layer's levels mean and the engine's settings for it, the same for every tile.
QJsonObject layerEntry(const ExportImage& whole, const TiledLayer& layer, const TileExportRequest& request, const ExportGrid& anyTile)
{
    QJsonObject notes = whole.notes;
    setTileSize(notes, *request.settings.engine, anyTile);
    QJsonObject entry{{"format", rasterFormatFor(layer.path)->description}, {"min", whole.meaning.low}, {"max", whole.meaning.high},
                      {"rows", whole.southRowFirst ? "south-to-north" : "north-to-south"}};
    for (auto it = notes.begin(); it != notes.end(); ++it) entry[it.key() == tileText(engineName(*request.settings.engine)) ? "import" : it.key()] = it.value();
    return entry;
}

// Where a tile goes: its north-west sample in the map's frame (metres east and south of the map's
// north-west corner), its extent, and the placement each engine's import script sets.
QJsonObject tilePlacement(const TileExportRequest& request, const ExportGrid& set, const ExportGrid& tile, int column, int row)
{
    const TileLayout& layout = request.layout;
    const double east = tile.origin.x - set.origin.x, south = tile.origin.y - set.origin.y;
    QJsonObject entry{{"column", column}, {"row", row}, {"origin", QJsonArray{tile.origin.x, tile.origin.y}},
                      {"offset", QJsonArray{east, south}}, {"sizeSamples", layout.tileSize},
                      {"sizeMetres", QJsonArray{(tile.width - 1) * tile.stepX, (tile.height - 1) * tile.stepY}}};
    switch (*request.settings.engine) {
    case Engine::Unity: // z north, from the set's south edge; Terrain Tools' batch names end in _X_Z
        entry["unity"] = QJsonObject{{"positionX", east}, {"positionZ", (layout.tiles - 1 - row) * (tile.height - 1) * tile.stepY},
                                     {"tileX", column}, {"tileZ", layout.tiles - 1 - row}};
        break;
    case Engine::Unreal: // +Y south, centimetres
        entry["unreal"] = QJsonObject{{"locationX", east * kTileCentimetres}, {"locationY", south * kTileCentimetres}};
        break;
    case Engine::Godot: // +Z south
        entry["godot"] = QJsonObject{{"positionX", east}, {"positionZ", south}};
        break;
    }
    return entry;
}

QJsonObject tileManifestHeader(const TileExportRequest& request, const MapState& state, const ExportGrid& set)
{
    const TileLayout& layout = request.layout;
    const QString resampling = layout.resampled
        ? QString("the map's %1 x %2 raster was resampled to %3 x %3 (%4 x %4 tiles of %5 samples a side), as the single-file engine export samples it")
              .arg(layout.raster.width).arg(layout.raster.height).arg(layout.total).arg(layout.tiles).arg(layout.tileSize)
        : QString("none: the map's %1 x %1 raster is %2 x %2 tiles of %3 samples a side").arg(layout.total).arg(layout.tiles).arg(layout.tileSize);
    return {{"generator", "riverbed"}, {"kind", kManifestKind}, {"manifestVersion", kTilesManifestVersion},
            {"engine", tileText(engineName(*request.settings.engine))}, {"map", request.mapName},
            {"lattice", state.lattice.kind() == LatticeKind::Square ? "square" : "triangle"},
            {"columns", layout.tiles}, {"rows", layout.tiles}, {"tileSize", layout.tileSize}, {"totalSize", layout.total},
            {"sharedEdges", "each tile's last column (row) is its east (south) neighbour's first"},
            {"mapRaster", QJsonArray{layout.raster.width, layout.raster.height}}, {"resampled", layout.resampled},
            {"resampling", resampling}, {"setOrigin", QJsonArray{set.origin.x, set.origin.y}},
            {"spacing", QJsonArray{set.stepX, set.stepY}}};
}

// The files an earlier tile manifest at this path names (absolute), so that a set with fewer
// tiles or layers leaves none of the old ones behind; empty when there is none of ours.
QStringList earlierTileFiles(const QString& manifestPath)
{
    QFile file(manifestPath);
    if (!file.open(QIODevice::ReadOnly)) return {};
    const QJsonObject manifest = QJsonDocument::fromJson(file.readAll()).object();
    if (manifest["generator"].toString() != "riverbed" || manifest["kind"].toString() != kManifestKind) return {};
    const QDir folder = QFileInfo(manifestPath).absoluteDir();
    QStringList files;
    for (const QJsonValue& tile : manifest["tiles"].toArray())
        for (const char* member : {"files", "sidecars"}) {
            const QJsonObject named = tile.toObject()[member].toObject();
            for (auto it = named.begin(); it != named.end(); ++it) files << folder.absoluteFilePath(it.value().toString());
        }
    return files;
}

struct TileFiles {
    QJsonArray tiles;                 // the manifest's tile entries
    QJsonObject layers;               // the manifest's layer entries
    QSet<QString> written;            // absolute paths
};

// One layer: sampled once on the set's grid, then every tile of it written.
bool writeLayerTiles(const TiledLayer& layer, const TileExportRequest& request, const ExportGrid& set, TileFiles& files, QString* error)
{
    ExportSettings settings = request.settings;
    settings.size = request.layout.total;
    const ExportImage whole = layerImage(*layer.state, layer.layer, settings);
    const QString name = tileText(layerName(layer.layer));
    const int n = request.layout.tiles;
    for (int row = 0; row < n; ++row)
        for (int column = 0; column < n; ++column) {
            const ExportGrid tile = tileGrid(set, request.layout, column, row);
            const QString path = tileFileName(layer.path, column, row);
            if (request.sharing.writes(row * n + column) && !writeExportImage(cutTile(whole, request, tile, column, row), path, true, error))
                return false;
            QJsonObject entry = files.tiles[row * n + column].toObject();
            QJsonObject named = entry["files"].toObject(), sidecars = entry["sidecars"].toObject();
            named[name] = relativeTo(request.manifestPath, path);
            sidecars[name] = relativeTo(request.manifestPath, sidecarPath(path));
            entry["files"] = named;
            entry["sidecars"] = sidecars;
            files.tiles[row * n + column] = entry;
            files.written << QFileInfo(path).absoluteFilePath() << QFileInfo(sidecarPath(path)).absoluteFilePath();
        }
    files.layers[name] = layerEntry(whole, layer, request, tileGrid(set, request.layout, 0, 0));
    return true;
}

// Every tile of this process and (its writer) the manifest, staged; then the job's vote: false with
// the first failing process's error when any failed (each process's staged files are then removed).
bool stageTiles(const TileExportRequest& request, const ExportGrid& set, TileFiles& files, QJsonObject& manifest, QString* error)
{
    QString mine;
    for (const TiledLayer& layer : request.layers)
        if (mine.isEmpty() && !writeLayerTiles(layer, request, set, files, &mine)) break;
    manifest["layers"] = files.layers;
    manifest["tiles"] = files.tiles;
    if (mine.isEmpty() && request.sharing.writesManifest) writeJsonFile(request.manifestPath, manifest, &mine);
    *error = request.sharing.agree(mine);
    return error->isEmpty();
}

// The renames: the other processes' first, then the manifest writer's (its tiles and the manifest,
// renamed last), only when all of theirs succeeded.
bool commitInTurn(const TileSetSharing& sharing, FileSetTransaction& transaction, QString* error)
{
    QString mine;
    if (!sharing.writesManifest) transaction.commit(&mine);
    *error = sharing.agree(mine);
    if (!error->isEmpty()) return false;
    return !sharing.writesManifest || transaction.commit(error);
}

} // namespace

QString tileFileName(const QString& pattern, int column, int row)
{
    const QFileInfo info(pattern);
    const QString name = QString("%1_x%2_y%3.%4").arg(info.completeBaseName()).arg(column).arg(row).arg(info.suffix());
    return info.path() == "." && !pattern.startsWith("./") ? name : QDir(info.path()).filePath(name);
}

QString tileManifestPath(const QString& terrainPattern)
{
    const QFileInfo info(terrainPattern);
    const QString name = info.completeBaseName() + ".tiles.json";
    return info.path() == "." && !terrainPattern.startsWith("./") ? name : QDir(info.path()).filePath(name);
}

QString tiledLayerProblem(Layer layer, const QString& path)
{
    if (layer == Layer::Currents)
        return QString("%1: --currents is not cut into tiles; export it whole in a run without --tiles").arg(path);
    return {};
}

std::optional<QJsonObject> writeTileSet(const TileExportRequest& request, QString* error)
{
    FileSetTransaction transaction; // every tile, sidecar and the manifest, or none of them
    const QStringList earlier = earlierTileFiles(request.manifestPath); // read before the new one is staged
    const MapState& state = *request.layers.front().state;
    const ExportGrid set = tileSetGrid(state.lattice, request.layout);
    TileFiles files;
    for (int row = 0; row < request.layout.tiles; ++row)
        for (int column = 0; column < request.layout.tiles; ++column)
            files.tiles.append(tilePlacement(request, set, tileGrid(set, request.layout, column, row), column, row));
    QJsonObject manifest = tileManifestHeader(request, state, set);
    if (!stageTiles(request, set, files, manifest, error)) return std::nullopt;
    for (const QString& old : earlier) // into the outermost transaction: a joined one's steps are its
        if (request.sharing.writesManifest && !files.written.contains(old) && QFileInfo::exists(old))
            FileSetTransaction::current()->removeOnCommit(old);
    if (!commitInTurn(request.sharing, transaction, error)) return std::nullopt;
    return manifest;
}

} // namespace rb::io
