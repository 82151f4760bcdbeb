#pragma once

#include "analysis/WaterFeatures.h"
#include "model/Map.h"

#include <optional>
#include <string>

namespace rb::analysis {

// Which cells count as river: those whose cell discharge (CellDischarge) reaches the threshold.
// Either absolute (m³/s) or a fraction of the largest cell discharge outside the sea (the waves
// and currents of a deep sea would otherwise set the bar for the rivers).
struct RiverThreshold {
    double value = 0.1;
    bool relative = true;
};

inline constexpr RiverThreshold kDefaultRiverThreshold{0.1, true}; // a tenth of the largest

// "0.1" is a fraction of the largest cell discharge (in (0, 1]); "5m3/s" (or "5 m3/s") an absolute
// discharge. nullopt and a message for anything else.
std::optional<RiverThreshold> parseRiverThreshold(const std::string& text, std::string* error);

// Rivers, lakes and the coastline of a map's current water (docs/export.md): RiverTracer for the
// centre lines, findLakes for the lakes, and the contour bed = sea level (the first sea boundary
// segment's level) for the coast; no coast without a sea segment.
WaterFeatures extractWaterFeatures(const Map& map, RiverThreshold threshold = kDefaultRiverThreshold);

} // namespace rb::analysis
