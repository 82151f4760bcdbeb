#pragma once

#include <QCommandLineParser>
#include <QJsonObject>

#include <optional>

namespace rb {
struct MapState;
}

namespace rb::cli {

// export's --gltf FILE.glb and --triangles N, kept apart from the raster options.
void addGltfOptions(QCommandLineParser& parser);
bool gltfRequested(const QCommandLineParser& parser);
// An exit code (after printing why) when the options cannot be honoured; checked before loading.
std::optional<int> checkGltfRequest(const QCommandLineParser& parser);
// Writes the .glb and adds its file and report to the export's JSON line; false after printing why.
// Inside the export's io::FileSetTransaction it replaces the old file only together with the others.
bool writeGltf(const QCommandLineParser& parser, const MapState& state, QJsonObject& files, QJsonObject& details);

} // namespace rb::cli
