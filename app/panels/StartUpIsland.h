#pragma once

#include "generator/GeneratorSettings.h"

#include <cstdint>

namespace rb::panels {

// The island the editor opens on, defined once: the window generates it at start-up and the
// Generator dock offers it as the island preset's defaults, so choosing "Island" there gives
// back the map the editor opened on (256² cells of 4 m: the preset's own 1 km island at a
// quarter of its cells, which plays live on two CPU cores).
inline constexpr int kStartUpCells = 256;
inline constexpr double kStartUpCellSize = 4.0; // m
inline constexpr std::int64_t kStartUpSeed = 1;

gen::GeneratorSettings startUpIsland(int cells = kStartUpCells, std::int64_t seed = kStartUpSeed, double cellSize = kStartUpCellSize);

// A preset's settings as the Generator dock offers them: the generator's own, the island's
// changed to the start-up island's.
gen::GeneratorSettings presetDefaults(gen::Preset preset);

} // namespace rb::panels
