#pragma once

#include "io/flow/VelocityField.h"
#include "model/MapState.h"

#include <cstddef>
#include <optional>

namespace rb::io {

// A speed figure that a few fast cells cannot dominate: the maximum is set by the thinnest film
// racing down a slope, a high percentile by the water people see moving.
struct SpeedPercentile {
    double speed = 0.0;         // m/s
    std::size_t wetCells = 0;   // wet cells among those looked at
    std::size_t sampledCells = 0;
};

// The `fraction` quantile (nearest rank, e.g. 0.99) of the speeds of the wet cells (depth above
// `wetDepth`, speeds as the velocity export reconstructs them). Large maps are looked at on a
// regular sub-grid of at most about `maxCells` cells, so the cost is bounded whatever the map's
// size (the editor calls it on the GUI thread for every snapshot). Nothing without flows or wet
// cells.
std::optional<SpeedPercentile> wetSpeedPercentile(const MapState& state, double fraction, std::size_t maxCells = 16384,
                                                  float wetDepth = kWetDepth);

} // namespace rb::io
