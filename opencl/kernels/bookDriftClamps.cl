// The clamps of keepDriftedDyeWithinWater into each channel's `clipped` (one work-item per channel):
// the terms added in cell order as the CPU adds them, rows without a clamp skipped.
#ifdef DYE_KERNELS
__kernel void bookDriftClamps(__global double* ledgers, __global const double* terms, __global const int* rowClamped, Grid grid,
                              DyeStep step)
{
    const int channel = get_global_id(0), offset = channel * plane(grid);
    double clipped = 0.0;
    for (int y = 0; y < grid.height; ++y) {
        if (!rowClamped[channel * grid.height + y]) continue;
        for (int x = 0; x < grid.width; ++x) {
            const double term = terms[offset + paddedIndex(grid, x, y)];
            if (term != 0.0) clipped += term;
        }
    }
    *dyeLedgerSlot(ledgers, channel, DYE_LEDGER_CLIPPED) += clipped * step.cellArea;
}
#endif
