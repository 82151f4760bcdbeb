#pragma once

#include "io/export/ExportGrid.h"
#include "io/export/FlowMap.h"
#include "io/raster/ExportImage.h"

#include <QString>
#include <QStringList>

#include <optional>
#include <string_view>
#include <vector>

namespace rb::io {

// How a game engine's terrain importer wants a heightmap (sources in docs/export.md):
//  - unity:  16-bit little-endian raw (.r16), a square of 2ⁿ+1 vertices (33 … 4097), the first row
//            of the file at the terrain's z = 0 edge, i.e. the south edge first; level/65536 is the
//            fraction of the terrain height.
//  - unreal: 16-bit grayscale PNG (or .r16), a square from the recommended landscape sizes
//            (127 … 8129), level 32768 at the actor's location Z and (level − 32768)/128 · ScaleZ
//            centimetres from it; Z scale and location chosen to span the heights with all 65536
//            levels; north row first.
//  - godot:  OpenEXR float heights in metres in channel R (Godot loads it as FORMAT_RF), or .r16
//            for Terrain3D (levels over the sidecar's height range), any size, north row first.
// Every engine gets a vertex grid (see ExportGrid.h): its samples are the terrain's vertices.
enum class Engine { Unity, Unreal, Godot };

std::string_view engineName(Engine engine); // "unity", "unreal", "godot"
std::optional<Engine> parseEngine(std::string_view name);

// The sizes an engine takes (empty: any).
std::vector<int> engineSizes(Engine engine);

// The grid for a raster of this size: the smallest accepted square at least as large as the
// raster's longer side (the largest one if none is), or the raster's own size for Godot.
GridSize engineGridSize(Engine engine, GridSize raster);

// Empty when the engine takes an N×N heightmap; else why not.
QString engineSizeProblem(Engine engine, int n);

// The extension of the engine's default heightmap: "r16", "png", "exr".
QString engineHeightExtension(Engine engine);

// Every extension the engine's heightmap importers take (the default first).
QStringList engineHeightExtensions(Engine engine);

// Empty unless a flow map in `path` with these bits would lose them in the engine: Godot keeps
// PNG channels at 8 bits, so a 16-bit flow-map PNG is refused for it.
QString engineFlowMapProblem(Engine engine, const QString& path, int flowBits);

// The flow map green axis that matches the engine's texture coordinates.
FlowGreen engineFlowGreen(Engine engine);

// Turns a height image (one channel of metres on `grid`) into what the engine expects: levels,
// row order, and the settings to type into the engine as the sidecar note named after it.
void applyEngineHeights(Engine engine, ExportImage& image, const ExportGrid& grid);

} // namespace rb::io
