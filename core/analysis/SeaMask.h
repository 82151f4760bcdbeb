#pragma once

#include "model/Map.h"

#include <cstdint>
#include <optional>
#include <vector>

namespace rb::analysis {

// The sea level of a map: the value of its first sea boundary segment; nullopt without one.
std::optional<double> seaLevel(const Map& map);

// 1 for every cell whose bed lies below `level` and that the sea reaches from a border cell under a
// sea segment without crossing ground at or above `level` (the generator's own rule); 0 elsewhere.
std::vector<std::uint8_t> seaMask(const Map& map, double level);

} // namespace rb::analysis
