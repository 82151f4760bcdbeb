#pragma once

#include "generator/GenerationResult.h"
#include "generator/GeneratorSettings.h"
#include "generator/ProgressTracker.h"

#include <atomic>

namespace rb::gen {

struct GenerationOptions {
    ProgressCallback progress;                // 0..100, rising, called on the generating thread
    const std::atomic<bool>* cancel = nullptr; // raise to stop: the run returns Cancelled
    int threads = 0;                          // OpenMP threads for the parallel parts, ≤ ranges::kMaxThreads; 0 = default
};

// Makes a map from settings: terrain from the preset's libnoise graph evaluated at every cell's
// world position (in parallel over rows), then for the river preset the least-cost channel and
// its carving (the islands: their rivers), the erodibility, boundary segments, initial water and
// simulation parameters suited to the preset; with erode_hours above 0 the erode stage last
// (ErodeStage.h). The same settings give bitwise the same map whatever the thread count.
GenerationResult generateMap(const GeneratorSettings& settings, const GenerationOptions& options = {});

} // namespace rb::gen
