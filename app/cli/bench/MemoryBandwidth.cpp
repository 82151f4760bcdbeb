#include "MemoryBandwidth.h"

#include <omp.h>

#include <algorithm>
#include <chrono>
#include <cstddef>
#include <memory>

namespace rb::bench {

double measureTriadBandwidth()
{
    constexpr std::ptrdiff_t n = 32 * 1024 * 1024; // 3 × 256 MiB of doubles
    std::unique_ptr<double[]> a(new double[n]), b(new double[n]), c(new double[n]);
    // First touch in parallel so pages land where the threads that use them run.
#pragma omp parallel for schedule(static)
    for (std::ptrdiff_t i = 0; i < n; ++i) {
        a[i] = 0.0;
        b[i] = 1.0;
        c[i] = 2.0;
    }
    double best = 0.0;
    for (int run = 0; run < 5; ++run) {
        const auto start = std::chrono::steady_clock::now();
        const double s = 3.0 + run;
#pragma omp parallel for schedule(static)
        for (std::ptrdiff_t i = 0; i < n; ++i) a[i] = b[i] + s * c[i];
        const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        best = std::max(best, 24.0 * static_cast<double>(n) / seconds);
    }
    // Keep the result observable so the loops cannot be optimised away.
    volatile double sink = a[n / 2];
    (void)sink;
    return best;
}

} // namespace rb::bench
