// CurrentDrift::keepWithinWater: one work-item per row and channel, 0 ≤ d ≤ h after the drift.
// The CPU sums what the clamps moved over every cell in one chain, so each term goes to `terms`
// (a channel plane of doubles) and the row is flagged in `rowClamped` when one is not 0;
// bookDriftClamps adds them in order (the sum never holds −0, so the zeros it skips change nothing).
#ifdef DYE_KERNELS
__kernel void keepDriftedDyeWithinWater(__global float* dye, __global double* terms, __global int* rowClamped,
                                        __global const float* depth, Grid grid)
{
    const int y = get_global_id(0), channel = get_global_id(1);
    if (y >= grid.height) return;
    const int offset = channel * plane(grid);
    int clamped = 0;
    for (int x = 0; x < grid.width; ++x) {
        const int c = paddedIndex(grid, x, y);
        const float d = dye[offset + c];
        const float kept = clampOf(d, 0.0f, depth[c]);
        const double term = (double)kept - (double)d;
        terms[offset + c] = term;
        clamped |= term != 0.0;
        dye[offset + c] = kept;
    }
    rowClamped[channel * grid.height + y] = clamped;
}
#endif
