// DyeTransport::decayAndKeepWithinWater: VEC cells of a row per work-item, every channel (the
// third dimension). The dyed depth is kept within 0 ≤ d ≤ h (h the water's depth after the step),
// then decays; what the clamp moved and what decayed go, per cell, into `clipped` and `decayed`
// (channel planes of float terms that sumDyeRows adds up in the CPU's order).
#ifdef DYE_KERNELS
__kernel void decayAndKeepDyeWithinWater(__global float* dye, __global float* clipped, __global float* decayed,
                                         __global const float* depthAfter, Grid grid, DyeStep step)
{
    const int x0 = (int)get_global_id(0) * VEC, y = get_global_id(1), channel = get_global_id(2);
    if (x0 >= grid.width || y >= grid.height) return;
    const intv cell = insideMap(grid, x0 + LANES, y);
    const int c = paddedIndex(grid, x0, y), i = channel * plane(grid) + c;
    const floatv d = LOADV(dye, i), h = LOADV(depthAfter, c);
    const floatv within = d < 0.0f ? (floatv)(0.0f) : (h < d ? h : d); // std::clamp(d, 0, h)
    const floatv left = within * step.decayFactor;
    STOREV(cell ? left : d, dye, i);
    STOREV(cell ? within - d : (floatv)(0.0f), clipped, i);
    STOREV(cell ? within - left : (floatv)(0.0f), decayed, i);
}
#endif
