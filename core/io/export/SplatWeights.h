#pragma once

#include "io/export/ExportGrid.h"
#include "io/export/LayerExport.h"
#include "io/export/SplatSettings.h"
#include "model/MapState.h"

#include <QJsonObject>

#include <array>
#include <cstdint>
#include <vector>

namespace rb::io {

// The four splat layers of an engine terrain material, one weight per sample of the export grid,
// exclusive: the four weights of a sample sum to 1 (Unity's alphamaps, Unreal's weight-blended
// layers; docs/export.md). Channel order R, G, B, A:
//   R slope:  rock where the terrain is steep (smoothstep of the slope angle) or above the height
//             band (smoothstep of the height): cliffs and peaks;
//   G ground: what the others leave, i.e. gentle dry land below the band, away from the water;
//   B wet:    water at least wetDepth deep now (the map holds no longer-term wet record);
//   A shore:  dry land within shoreWidth of the water's edge (1 at the edge, 0 at shoreWidth),
//             dry land below the sea level included.
// Where they compete, wet wins over slope, slope over shore, and ground takes the rest.
struct SplatWeights {
    std::array<FloatField, 4> channels; // R, G, B, A in 0..1
    SplatSettings settings;             // resolved: every default filled in

    int width() const { return channels[0].width(); }
    int height() const { return channels[0].height(); }
};

SplatWeights splatWeights(const MapState& state, const ExportGrid& grid, const SplatSettings& settings);

// The grid a splat map is sampled on: the layers' export grid, except for Unity, whose control
// texture (alphamap) has a power-of-two side and its edge texels on the terrain's edges (the
// terrain shader maps them there): a vertex grid one sample smaller than the 2ⁿ + 1 heightmap.
ExportGrid splatGrid(const Lattice& lattice, const ExportSettings& settings);

// The channel names in R, G, B, A order: "slope", "ground", "wet", "shore".
const std::array<const char*, 4>& splatChannelNames();

// The weights as 8-bit levels that sum to exactly 255 at every sample (largest remainders get the
// spare levels), interleaved R, G, B, A, row 0 north.
std::vector<std::uint8_t> splatLevels(const SplatWeights& weights);

} // namespace rb::io
