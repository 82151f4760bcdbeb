#pragma once

#include "model/MapState.h"
#include "model/SimParams.h"
#include "solver/Diagnostics.h"

#include <memory>

namespace rb::editor {

// What the worker hands the GUI after a tick: the state it drew from (shared, never written
// again), the diagnostics, and the parameters the solver is actually using.
struct SimulationSnapshot {
    std::shared_ptr<const MapState> state;
    Diagnostics diagnostics;
    SimParams params;         // the solver's own copy: shows that a change arrived
    double stepsPerSecond = 0.0;
    bool playing = false;
    std::uint64_t serial = 0; // rises with every snapshot published
    std::uint64_t mapId = 0;  // which load() the state descends from
};

} // namespace rb::editor
