// DyeTransport::decayAndKeepWithinWater: one work-item per row and channel, cells in order. The
// dyed depth is kept within 0 ≤ d ≤ h (h the water's depth after the step), then decays; what the
// clamp moved and what decayed are summed per row in double in the CPU's order (`rowClipped`,
// `rowDecayed`), booked by bookDyeRows.
#ifdef DYE_KERNELS
__kernel void decayAndKeepDyeWithinWater(__global float* dye, __global const float* depthAfter, Grid grid, DyeStep step,
                                         __global double* rowClipped, __global double* rowDecayed)
{
    const int y = get_global_id(0), channel = get_global_id(1);
    if (y >= grid.height) return;
    const int offset = channel * plane(grid);
    double clipped = 0.0, decayed = 0.0;
    for (int x = 0; x < grid.width; ++x) {
        const int c = paddedIndex(grid, x, y);
        const float d = dye[offset + c];
        const float within = clampOf(d, 0.0f, depthAfter[c]);
        clipped += (double)(within - d);
        const float left = within * step.decayFactor;
        decayed += (double)(within - left);
        dye[offset + c] = left;
    }
    rowClipped[channel * grid.height + y] = clipped;
    rowDecayed[channel * grid.height + y] = decayed;
}
#endif
