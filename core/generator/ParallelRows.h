#pragma once

#include "generator/ProgressTracker.h"

#include <functional>

namespace rb::gen {

// Runs rowWork(y) for every row 0..rows-1 on OpenMP threads (threads 0: OpenMP's default). Rows
// go in bands of about 1% so that the calling thread can report progress and notice a cancel
// between bands. Each row must write only its own outputs: then the result is the same for any
// thread count and schedule. Returns false when cancelled (the outputs are then incomplete).
bool runRows(int rows, int threads, ProgressTracker& progress, const std::function<void(int)>& rowWork);

} // namespace rb::gen
