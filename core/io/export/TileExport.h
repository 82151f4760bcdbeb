#pragma once

#include "io/export/LayerExport.h"
#include "io/export/TileGrid.h"
#include "model/MapState.h"

#include <QJsonObject>
#include <QString>
#include <QStringList>

#include <functional>
#include <optional>
#include <vector>

namespace rb::io {

// One layer of a tile set: its values (the map's state, or its time-mean flow for the velocity
// layers) and the file name each tile's name is made from (FILE → FILE-STEM_xC_yR.EXT).
struct TiledLayer {
    Layer layer = Layer::Terrain;
    QString path;
    const MapState* state = nullptr;
};

// How the processes of one job share a tile set (app/cli's MPI ranks); the defaults are one process
// writing it all. Every process stages its tiles; `agree` then takes its error (empty: written) and
// returns the job's first one (empty: every process wrote its part), and is called a second time
// around the renames: the processes that do not write the manifest rename theirs first, and the
// manifest's writer renames its own and the manifest last, only when they all did.
struct TileSetSharing {
    std::function<bool(int tile)> writes = [](int) { return true; }; // tile = row · N + column
    bool writesManifest = true; // the manifest and the earlier set's removals
    std::function<QString(const QString& error)> agree = [](const QString& error) { return error; };
};

struct TileExportRequest {
    TileLayout layout;
    ExportSettings settings;       // settings.engine set; settings.size is ignored (the layout's total)
    std::vector<TiledLayer> layers; // terrain first
    QString manifestPath;
    QString mapName;
    TileSetSharing sharing;
};

// "dir/terrain.png", column 2, row 0 → "dir/terrain_x2_y0.png": Unreal's tiled-import naming
// (x the column eastwards, y the row southwards, as Unreal's +Y).
QString tileFileName(const QString& pattern, int column, int row);

// The manifest beside the terrain: "dir/terrain.png" → "dir/terrain.tiles.json".
QString tileManifestPath(const QString& terrainPattern);

// Empty when the layer can be cut into tiles; else why not (the currents' flow-map PNG and layers
// that are not rasters are not tiled).
QString tiledLayerProblem(Layer layer, const QString& path);

// Every layer sampled once on the set's grid (one vertical scale for the whole set: the levels of
// a shared edge are then equal in both tiles), cut into tiles and written with their sidecars,
// then the manifest; all inside one FileSetTransaction (the caller's, if one is open), so that a
// failure leaves the earlier set as it was. Files an earlier manifest at the same path listed
// that the new set lacks are removed at the commit. Returns the manifest, or nullopt and `error`.
std::optional<QJsonObject> writeTileSet(const TileExportRequest& request, QString* error);

} // namespace rb::io
