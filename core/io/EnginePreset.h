#pragma once

#include "io/ExportGrid.h"
#include "io/ExportImage.h"
#include "io/FlowMap.h"

#include <QString>

#include <optional>
#include <string_view>
#include <vector>

namespace rb::io {

// How a game engine's terrain importer wants a heightmap (sources in docs/export.md):
//  - unity:  16-bit little-endian raw (.r16), a square of 2ⁿ+1 vertices (33 … 4097), the first row
//            of the file at the terrain's z = 0 edge, i.e. the south edge first; level/65536 is the
//            fraction of the terrain height.
//  - unreal: 16-bit grayscale PNG, a square from the recommended landscape sizes (127 … 8129),
//            level 32768 = 0 m and (level − 32768)/128 · ScaleZ centimetres; north row first.
//  - godot:  OpenEXR float heights in metres in channel R (Godot loads it as FORMAT_RF), any size,
//            north row first.
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

// The extension the engine's heightmaps must have: "r16", "png", "exr".
QString engineHeightExtension(Engine engine);

// The flow map green axis that matches the engine's texture coordinates.
FlowGreen engineFlowGreen(Engine engine);

// Turns a height image (one channel of metres on `grid`) into what the engine expects: levels,
// row order, and the settings to type into the engine as the sidecar note named after it.
void applyEngineHeights(Engine engine, ExportImage& image, const ExportGrid& grid);

} // namespace rb::io
