#include "generator/ParallelRows.h"

#include <omp.h>

#include <algorithm>

namespace rb::gen {

bool runRows(int rows, int threads, ProgressTracker& progress, const std::function<void(int)>& rowWork)
{
    const int threadCount = threads > 0 ? threads : omp_get_max_threads();
    const int band = std::max(1, rows / 100);
    const std::atomic<bool>* cancel = progress.cancelFlag();
    for (int first = 0; first < rows; first += band) {
        if (progress.cancelled()) return false;
        const int last = std::min(rows, first + band);
#pragma omp parallel for num_threads(threadCount) schedule(dynamic, 1)
        for (int y = first; y < last; ++y) {
            // A cancel also skips the rest of the band, so it takes effect within a few rows.
            if (cancel && cancel->load(std::memory_order_relaxed)) continue;
            rowWork(y);
        }
        progress.report(static_cast<double>(last) / rows);
    }
    return !progress.cancelled();
}

} // namespace rb::gen
