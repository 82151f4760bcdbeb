#pragma once

#include "generator/GenerationResult.h"
#include "generator/PresetParams.h"
#include "generator/ProgressTracker.h"
#include "model/Map.h"

#include <string>

namespace rb::gen {

struct ErodeOutcome {
    GenerationStatus status = GenerationStatus::Ok;
    std::string error;      // Invalid: the solver's refusal
    FloatField bed;         // Ok: the eroded bed, with the load still suspended at the end settled onto it
    ErosionSummary summary; // Ok: the stage's figures
};

// The generator's last stage (docs/generator.md, "Erode"): `params.hours` of simulated rain at
// `params.rain` mm/h on `map` as generated (its terrain, erodibility, water, boundary, springs and
// inflow, its automatic time step) with erosion on (SimParams::erosion's defaults but the talus
// angle, `params.talus`: the generated relief is mostly rock and soil, which stand steeper than
// the loose material the solver's default describes), on the CPU
// solver with `threads` threads (0: OpenMP's default). The solver's results do not depend on the
// thread count, so neither does the bed. Reports 0..1 of the current phase of `progress` as the
// simulated time passes, and reads its cancel flag between solver calls (each a fraction of a
// second of work).
ErodeOutcome erodeTerrain(const Map& map, const ErodeParams& params, int threads, ProgressTracker& progress);

} // namespace rb::gen
