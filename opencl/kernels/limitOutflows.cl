// MomentumStep::limitOutflows, its first half: the factor each cell applies to what leaves it, so
// no cell gives more than it holds. Each work-item takes VEC cells of a row; the scales' ghost
// ring stays 1 (ghost cells are unlimited reservoirs). scaleOutflowsAndUpdateDepths applies them.
__kernel void limitOutflows(__global float* scales, __global const float* flows, __global const float* depth, Grid grid, Momentum m)
{
    const int x0 = get_global_id(0) * VEC, y = get_global_id(1);
    if (x0 >= grid.width || y >= grid.height) return;
    const intv cell = insideMap(grid, x0 + LANES, y);
    const int c = paddedIndex(grid, x0, y);
    floatv leaving = 0.0f;
#pragma unroll
    for (int f = 0; f < FAMILY_COUNT; ++f) {
        const int q = f * plane(grid) + c;
        // Faces that end here lose water when their flow is negative, those that start here when positive.
        leaving += maxOfV((floatv)(0.0f), -LOADV(flows, q)) + maxOfV((floatv)(0.0f), LOADV(flows, q + offsetIndex(grid, headOffset(f, y))));
    }
    const floatv available = LOADV(depth, c) * m.cellArea;
    const floatv wanted = leaving * m.dt;
    const floatv scale = wanted > available ? available / wanted * SCALE_MARGIN : (floatv)(1.0f);
    STOREV(cell ? scale : LOADV(scales, c), scales, c);
}
