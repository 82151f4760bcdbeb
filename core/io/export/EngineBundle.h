#pragma once

#include "io/export/BundleItem.h"
#include "io/export/EnginePreset.h"
#include "io/export/SplatSettings.h"
#include "model/Georeference.h"
#include "model/MapState.h"

#include <QJsonObject>
#include <QString>
#include <QStringList>

#include <functional>
#include <optional>

namespace rb::io {

// The one-click engine bundle (File › Export › Engine bundle, `export MAP --bundle DIR --engine
// E`): every part of bundleItems() in the engine's format on its grid, then manifest.json listing
// each file with its role, format, size and the engine's import settings (docs/export.md).
struct EngineBundleRequest {
    Engine engine = Engine::Unity;
    QString folder;          // made if missing
    QString mapName;         // for the manifest
    std::optional<int> size; // the engine grid's side; default: engineGridSize()
    std::optional<double> flowScale; // the flow map's full deflection (m/s); default as in ExportSettings
    SplatSettings splat;
    std::optional<Georeference> georeference;
    // The flow map from the map's recorded time-mean flow (MapState::meanFlow) rather than the last
    // instant's: what a shader's flow map wants of an eddying current. A map without one is refused.
    bool meanFlow = false;
    // A folder that is neither empty nor an earlier Riverbed bundle is refused unless forced; then
    // only the bundle's own files are replaced and the others are left as they are.
    bool force = false;
};

struct EngineBundleResult {
    QStringList files;        // every file of the bundle (absolute), manifest.json last
    QStringList otherFiles;   // entries of the folder that are not part of the bundle (with force)
    QJsonObject manifest;
    QString error;            // empty on success; names the file that could not be written
    bool ok() const { return error.isEmpty(); }
};

// Empty when the request can be written; else why not (a file in the way, a folder with other
// things in it, a size the engine does not take, bad splat settings). The reason only: where the
// folder holds other files (engineBundleNeedsForce), the caller adds how its user forces it.
QString engineBundleProblem(const EngineBundleRequest& request);
// True when the folder exists with other files in it and no earlier bundle, and force is off: the
// one refusal that forcing lifts.
bool engineBundleNeedsForce(const EngineBundleRequest& request);

// Writes the bundle as BundleFolder.h describes; `progress` hears the percentage after each file.
EngineBundleResult writeEngineBundle(const MapState& state, const EngineBundleRequest& request,
                                     const std::function<void(int percent)>& progress = {});
// The same with other parts than bundleItems(request.engine) (tests inject a part that fails).
EngineBundleResult writeEngineBundle(const MapState& state, const EngineBundleRequest& request, const std::vector<BundleItem>& items,
                                     const std::function<void(int percent)>& progress = {});

} // namespace rb::io
