// DyeTransport::computeConcentrations for every channel (the third dimension): c = d/h at the
// step's start, at most 1, 0 where the cell is dry. Only map cells are written: the ghost ring
// stays 0, the clean water the transport assumes beyond the map.
#ifdef DYE_KERNELS
__kernel void computeDyeConcentrations(__global float* concentrations, __global const float* dye, __global const float* depthBefore, Grid grid)
{
    const int x = get_global_id(0), y = get_global_id(1), channel = get_global_id(2);
    if (x >= grid.width || y >= grid.height) return;
    const int c = paddedIndex(grid, x, y), i = channel * plane(grid) + c;
    const float h = depthBefore[c];
    concentrations[i] = h > 0.0f ? minOf(dye[i] / h, 1.0f) : 0.0f;
}
#endif
