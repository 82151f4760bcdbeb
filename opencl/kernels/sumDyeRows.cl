// The per-cell terms of advectAndEvaporateDye and decayAndKeepDyeWithinWater (evaporated, clipped
// and decayed dye) summed along each row in double, cells in order, as DyeTransport sums them while
// it goes (one work-item per row and channel): the rows' totals, in the `row*` buffers (channel ×
// height), are the CPU's to the bit. The three sums share one loop: three independent chains of
// additions, where one alone would wait on each addition's latency.
#ifdef DYE_KERNELS
__kernel void sumDyeRows(__global double* rowEvaporated, __global double* rowClipped, __global double* rowDecayed,
                         __global const float* evaporated, __global const float* clipped, __global const float* decayed, Grid grid)
{
    const int y = get_global_id(0), channel = get_global_id(1);
    if (y >= grid.height) return;
    const int first = channel * plane(grid) + paddedIndex(grid, 0, y);
    double evaporatedSum = 0.0, clippedSum = 0.0, decayedSum = 0.0;
    for (int i = first; i < first + grid.width; ++i) {
        evaporatedSum += (double)evaporated[i];
        clippedSum += (double)clipped[i];
        decayedSum += (double)decayed[i];
    }
    const int row = channel * grid.height + y;
    rowEvaporated[row] = evaporatedSum;
    rowClipped[row] = clippedSum;
    rowDecayed[row] = decayedSum;
}
#endif
