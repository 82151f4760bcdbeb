#pragma once

#include "analysis/WaterFeatures.h"
#include "model/MapState.h"

#include <cstdint>
#include <vector>

namespace rb::analysis {

// Lakes: connected regions of still water (deeper than kLakeDepth, slower than kStillSpeed) of at
// least kMinLakeCells cells that touch no sea cell. Each lake's polygon is the outer ring of its
// cells' outline (marching squares on the region's mask, halfway between lake and other cells);
// islands inside a lake are not cut out. The level is the mean surface of its cells.
inline constexpr double kLakeDepth = 0.01;   // m: thinner water is a film on a slope
inline constexpr double kStillSpeed = 0.05;  // m/s
inline constexpr int kMinLakeCells = 4;
inline constexpr double kLevelTolerance = 0.05; // m

// The lakes and, per cell, the index of the lake it belongs to (-1: none): a river line that runs
// into a lake ends there.
struct LakeMap {
    std::vector<Lake> lakes;
    std::vector<int> cellLake;
};

LakeMap mapLakes(const MapState& state, const std::vector<std::uint8_t>& sea);
std::vector<Lake> findLakes(const MapState& state, const std::vector<std::uint8_t>& sea);

} // namespace rb::analysis
