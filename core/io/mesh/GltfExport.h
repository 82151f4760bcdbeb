#pragma once

#include "io/flow/VelocityField.h"
#include "model/MapState.h"

#include <QJsonObject>
#include <QString>

#include <cstddef>
#include <optional>

namespace rb::io {

struct GltfSettings {
    // Triangles of the terrain mesh, and separately of the water mesh (see WaterMesh.h).
    std::size_t triangles = 200000;
    float wetDepth = kWetDepth;
};

inline constexpr std::size_t kMinGltfTriangles = 2;
inline constexpr std::size_t kMaxGltfTriangles = 100000000;

// Empty when `path` can take a glTF export (a .glb file), else why not.
QString gltfRequestProblem(const QString& path);

// Writes the map as a binary glTF 2.0 scene (docs/export.md): node "terrain" (POSITION, NORMAL,
// TEXCOORD_0; decimated to the budget, see TerrainDecimation.h) and node "water" (the wet cells'
// surface with COLOR_0, _DEPTH and _VELOCITY; absent when nothing is wet). glTF is Y-up and
// right-handed in metres: map x (east) → +X, height → +Y, map y (south, the row direction) → +Z.
// Returns the figures for the CLI's report (triangles, vertices, max height error, bounds), or
// nullopt with `error` set; the file goes through AtomicFile.
std::optional<QJsonObject> exportGltf(const MapState& state, const QString& path, const GltfSettings& settings, QString* error);

} // namespace rb::io
