#pragma once

#include "io/export/EnginePreset.h"
#include "io/export/LayerExport.h"
#include "model/MapState.h"

#include <QJsonObject>
#include <QString>
#include <QStringList>

#include <functional>
#include <optional>
#include <vector>

namespace rb::io {

// Everything a level designer takes into one engine at once (the editor's "Export for game
// engine"): each chosen layer on the engine's grid, heights in the engine's heightmap format,
// the flow map and mask as PNG, named BASE_LAYER.EXT in one folder.
struct EngineExportRequest {
    Engine engine = Engine::Unity;
    QString folder;
    QString baseName;
    std::vector<Layer> layers{Layer::Terrain, Layer::WaterSurface, Layer::FlowMap};
    std::optional<int> size; // the engine grid's side; default: engineGridSize()
    bool createFolder = false; // a missing folder is made when exporting (the editor); else it must exist
};

struct EngineExportResult {
    QStringList files;   // written, in layer order
    QJsonObject details; // per layer: what writeExportImage reported (engine settings, flow scale, ...)
    QString error;       // empty on success; on a failure no file is replaced and none is listed
    bool ok() const { return error.isEmpty(); }
};

// The layers the bundle offers: the velocity needs a float format no engine heightmap importer
// reads, so it is left to the layer export.
const std::vector<Layer>& engineBundleLayers();

// Empty when the request can be written (known layers, a size the engine takes, a usable base
// name, an existing folder or, with createFolder, a path where none stands in the way); else why not.
QString engineExportProblem(const EngineExportRequest& request);

// BASE_LAYER.EXT for one layer of the request.
QString engineExportPath(const EngineExportRequest& request, Layer layer);

// Writes every layer (after making the folder, with createFolder) in one FileSetTransaction: the
// earlier files are replaced only when every layer is on disk; `progress` hears the percentage
// done after each file.
EngineExportResult exportForEngine(const MapState& state, const EngineExportRequest& request,
                                   const std::function<void(int percent)>& progress = {});

// The engine's settings for the terrain heightmap, as lines for a person to type in (Z scale,
// height range, ...); empty if the result holds none.
QString engineSettingsText(const EngineExportResult& result);

} // namespace rb::io
