#pragma once

#include "io/export/EnginePreset.h"
#include "io/export/LayerExport.h"
#include "io/export/SplatWeights.h"
#include "model/MapState.h"

#include <QJsonObject>
#include <QString>

#include <functional>
#include <memory>
#include <optional>
#include <vector>

namespace rb::io {

// What every part of an engine bundle is written from.
struct BundleContext {
    const MapState& state;
    Engine engine;
    ExportSettings exportSettings;               // the engine, its grid size, the map's georeference
    std::shared_ptr<const SplatWeights> splat;   // computed once for the splat and its weightmaps
    // The time-mean flow's state (io::meanFlowState) when the request asks for the mean flow map;
    // null: the flow map is the last instant's.
    std::shared_ptr<const MapState> meanFlow;
};

// One file of an engine bundle (EngineBundle.h). Adding a part to the bundle (rivers, meshes) is
// adding one item to bundleItems().
struct BundleItem {
    QString role;                                  // "terrain", "splat", ... (the manifest's "role")
    std::function<QString(Engine)> fileName;       // relative to the bundle folder
    std::function<QString(Engine)> format;         // for people: "16-bit little-endian raw levels"
    // Writes the file at `path`; returns its report (LayerExport's: file, width, height, sidecar
    // if one was written beside it, engine notes) or nullopt with `error` naming the file.
    std::function<std::optional<QJsonObject>(const BundleContext& context, const QString& path, QString* error)> write;
    // Extra import settings for the engine (texture settings); the report's own engine note is added.
    std::function<QJsonObject(Engine)> importSettings;
};

// The bundle's parts for an engine that io writes, in writing order: heights, water depth, water
// surface, flow map, water mask, splat map (and, for Unreal, one 8-bit weightmap per splat layer),
// the glTF meshes. The river network is added by analysis::engineBundleItems (it is built on io).
std::vector<BundleItem> bundleItems(Engine engine);

} // namespace rb::io
