#pragma once

#include "generator/ErosionSummary.h"
#include "lattice/Lattice.h"
#include "model/Map.h"

#include <string>
#include <vector>

namespace rb::gen {

enum class GenerationStatus {
    Ok,        // map (and channel) hold the result
    Invalid,   // the settings were rejected; error says why and map is empty
    Cancelled, // the cancel flag was raised; map is empty, never half made
};

struct GenerationResult {
    GenerationStatus status = GenerationStatus::Ok;
    std::string error;             // empty when Ok
    Map map;                       // terrain, initial water, boundary, simulation parameters, settings JSON
    std::vector<CellCoord> channel; // river preset: the channel's centre line, inflow first, sea/exit last
    // Island and archipelago presets: each carved river's centre line, spring first, sea last.
    std::vector<std::vector<CellCoord>> rivers;
    ErosionSummary erosion; // the erode stage's figures (erode_hours > 0)

    bool ok() const { return status == GenerationStatus::Ok; }
};

} // namespace rb::gen
