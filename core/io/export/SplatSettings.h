#pragma once

#include "io/raster/HeightRange.h"
#include "model/Map.h"

#include <QJsonObject>
#include <QString>

#include <optional>

namespace rb::io {

// What decides the four weights of a splat map (SplatWeights.h, docs/export.md). Unset members
// take defaults relative to the map, resolved by resolveSplatSettings().
struct SplatSettings {
    HeightRange slopeDegrees{25.0, 40.0}; // rock fades in from the low to the high angle (smoothstep)
    std::optional<HeightRange> band;      // high ground fades in from low to high (m); default: 70 %..90 % of the terrain's range
    std::optional<double> shoreWidth;     // m from the water's edge to where the shore weight is 0; default: 3 sample spacings
    double wetDepth = 0.01;               // m of water from which a cell counts as wet
    std::optional<double> seaLevel;       // dry cells below it count as water's edge; default: the map's highest sea boundary
};

// Empty when the settings are usable; else a usage message naming the option.
QString splatSettingsProblem(const SplatSettings& settings);

// The highest sea level of the map's boundary, or nullopt if no side is a sea.
std::optional<double> mapSeaLevel(const Map& map);

// The settings with every default filled in: the band from the terrain heights on the export grid
// (`terrainSpan`), the shore width from the grid spacing.
SplatSettings resolveSplatSettings(const SplatSettings& settings, const HeightRange& terrainSpan, double gridSpacing);

// The resolved parameters as they go into reports and manifests.
QJsonObject splatSettingsJson(const SplatSettings& resolved);

} // namespace rb::io
