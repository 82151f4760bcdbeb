// Step 3b: every edge scaled by the cell it leaves (CpuSolver::scaleOutflows). One work-item per
// padded head position on rows 0..H; edges headed on row −1 have no interior end.
__kernel void scaleOutflows(__global float* flows, __global const float* scales, Grid grid, __constant const Family* families)
{
    const int x = (int)get_global_id(0) - 1, y = (int)get_global_id(1);
    if (x > grid.width || y > grid.height) return;
    for (int fi = 0; fi < FAMILY_COUNT; ++fi) {
        const int2 t = tailOffset(&families[fi], y);
        const int tx = x + t.x, ty = y + t.y;
        if (tx < -1 || tx > grid.width) continue; // the tail lies beyond the ghost ring: a void edge
        const uint qi = flowIndex(grid, fi, x, y);
        const float q = flows[qi];
        flows[qi] = q * (q > 0.0f ? scales[paddedIndex(grid, tx, ty)] : scales[paddedIndex(grid, x, y)]);
    }
}
