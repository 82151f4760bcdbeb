// DyeTransport::replayWater, per cell: the water's own continuity update with rain and
// evaporation, replayed in the CPU transport's float operations, for the share of each cell's
// water the weather left (`keptByWeather`) and the depth the point sources then act on (`replayed`).
#ifdef DYE_KERNELS
__kernel void replayWaterForDye(__global float* keptByWeather, __global float* replayed, __global const float* depthBefore,
                                __global const float* flows, Grid grid, DyeStep step)
{
    const int x = get_global_id(0), y = get_global_id(1);
    if (x >= grid.width || y >= grid.height) return;
    const int c = paddedIndex(grid, x, y);
    float net = 0.0f;
    for (int f = 0; f < FAMILY_COUNT; ++f) {
        const int q = f * plane(grid) + c;
        net += flows[q] - flows[q + offsetIndex(grid, headOffset(f, y))];
    }
    const float moved = depthBefore[c] + step.dtOverArea * net;
    const float wetted = moved + step.rainDepth;
    const float updated = wetted - minOf(wetted, step.evaporationDepth);
    keptByWeather[c] = wetted > 0.0f ? updated / wetted : 0.0f;
    replayed[c] = updated;
}
#endif
