#pragma once

#include "io/export/EnginePreset.h"
#include "io/export/ExportGrid.h"
#include "io/export/FlowMap.h"
#include "io/raster/ExportImage.h"
#include "model/Georeference.h"
#include "model/MapState.h"

#include <QJsonObject>
#include <QJsonValue>
#include <QString>

#include <optional>
#include <string_view>
#include <vector>

namespace rb::io {

enum class Layer {
    Terrain,      // bed elevation b (m)
    WaterDepth,   // h (m), 0 where dry
    WaterSurface, // b + h where h > 0, else b (m)
    Velocity,     // depth-averaged velocity (m/s): east, south; 0 where dry (VelocityField.h)
    FlowMap,      // the velocity encoded for flow shaders (FlowMap.h)
    Mask,         // 1 where wet (h > kWetDepth), else 0
    Dye,          // concentration (0 … 1) of dye channels 0 … 3 as four channels (0 where a channel is absent or dry)
    Currents,     // the map's stored steady current (m/s): east, south (riverbed-cli currents … -o MAP.rbmap)
    Erodibility,  // 0 = bedrock … 1 = loose soil (1 everywhere in a map without an erodibility field)
    Deposition,   // net bed change by erosion since the map's start (m; + deposited, − eroded; 0 if it never eroded)
};

// "terrain", "water-depth", "surface", "velocity", "flowmap", "mask", "dye", "currents", "erodibility", "deposition"
std::string_view layerName(Layer layer);
int channelCount(Layer layer);           // 1; 2 for the velocity, the flow map and the currents; 4 for the dye
std::optional<Layer> parseLayer(std::string_view name);
const std::vector<Layer>& allLayers();
bool isHeightLayer(Layer layer); // terrain, water depth, surface: metres that engines take as heightmaps

struct ExportSettings {
    std::optional<Engine> engine;         // heightmaps the engine's way, every layer on its grid
    std::optional<int> size;              // an N×N raster instead of the default size
    std::optional<double> flowScale;      // m/s of a full flow-map deflection; default: the 99th
                                          // percentile of the moving cells' speeds
    std::optional<FlowGreen> flowGreen;   // default: the engine's, else south
    int flowBits = 8;                     // bits per channel of a flow-map PNG (8 or 16)
    std::optional<Georeference> georeference; // the map's: written into GeoTIFF exports
};

// Empty when the settings are usable; else a usage message (a size the engine does not take, ...).
QString exportSettingsProblem(const ExportSettings& settings);

// Empty when `layer` can be written to `path` with these settings; else a usage message naming the
// file (unknown extension, a float layer in an integer format, an engine's heightmap format).
QString exportRequestProblem(Layer layer, const QString& path, const ExportSettings& settings);

// Where the samples go: with an engine, its vertex grid; else pixels covering the world rectangle,
// N×N with a size, else exportRasterSize(lattice).
ExportGrid exportGrid(const Lattice& lattice, const ExportSettings& settings);

// The geotransform of a grid's pixels (each sample the centre of a pixel of step × step metres).
RasterGeoreference rasterGeoreference(const Georeference& georeference, const ExportGrid& grid);

// A one-channel layer's value at every cell of the lattice (not the velocity or the flow map).
FloatField layerOnLattice(const MapState& state, Layer layer);

// The layer on the export grid, with its levels, channel names and sidecar notes.
ExportImage layerImage(const MapState& state, Layer layer, const ExportSettings& settings);

// Every layer in one image (for one OpenEXR file), channels named: terrain, water-depth, surface,
// velocity.x, velocity.y, mask, flowmap.R, flowmap.G, for a map with dye dye.0 … dye.3, for a
// map with a stored current currents.x, currents.y, and erodibility and deposition when the map
// holds those fields.
ExportImage allLayersImage(const MapState& state, const ExportSettings& settings);

// Writes the image in the format the extension names and, for integer formats or engine exports,
// its sidecar (Sidecar.h), both in one FileSetTransaction (joining the caller's, if one is open): the
// old raster and sidecar are replaced together or not at all. Returns what was written: file, width, height, sidecar (if any) and the
// image's notes (engine settings, flow scale).
std::optional<QJsonObject> writeExportImage(const ExportImage& image, const QString& path, bool withSidecar, QString* error);

// layerImage then writeExportImage (a sidecar for integer formats and engine exports).
std::optional<QJsonObject> exportLayer(const MapState& state, Layer layer, const QString& path, const ExportSettings& settings,
                                       QString* error);
bool exportLayer(const MapState& state, Layer layer, const QString& path, QString* error);

// The window a time-mean layer stands for (simulate --mean-from), as export, the bundle's manifest
// and info report it: {"from", "to", "seconds"}; null when the map holds no mean.
QJsonValue meanFlowWindowJson(const MeanFlow& mean);

// A one-channel layer on the default raster (triangle lattices resampled, see Resampler.h).
FloatField layerRaster(const MapState& state, Layer layer);

} // namespace rb::io
