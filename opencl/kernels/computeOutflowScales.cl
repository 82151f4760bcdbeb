// Step 3a: the factor each cell applies to what leaves it (CpuSolver::computeOutflowScales).
// scales is padded like the flows; its ghost ring holds 1 and is never written here.
__kernel void computeOutflowScales(__global float* scales, __global const float* flows, __global const float* depth, Grid grid,
                                   __constant const Family* families, float dt, float scaleMargin)
{
    const int x = get_global_id(0), y = get_global_id(1);
    if (x >= grid.width || y >= grid.height) return;
    float leaving = 0.0f;
    for (int fi = 0; fi < FAMILY_COUNT; ++fi) {
        const int2 h = headOffset(&families[fi], y);
        leaving += fmax(0.0f, -flows[flowIndex(grid, fi, x, y)]) + fmax(0.0f, flows[flowIndex(grid, fi, x + h.x, y + h.y)]);
    }
    const float available = depth[cellIndex(grid, x, y)] * grid.cellArea;
    const float wanted = leaving * dt;
    scales[paddedIndex(grid, x, y)] = wanted > available ? available / wanted * scaleMargin : 1.0f;
}
