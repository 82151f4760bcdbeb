// MomentumStep::limitOutflows, its first half: the factor each cell applies to what leaves it, so
// no cell gives more than it holds. One work-item per cell; the scales' ghost ring stays 1
// (ghost cells are unlimited reservoirs). scaleOutflowsAndUpdateDepths applies the factors.
__kernel void limitOutflows(__global float* scales, __global const float* flows, __global const float* depth, Grid grid, Momentum m)
{
    const int x = get_global_id(0), y = get_global_id(1);
    if (x >= grid.width || y >= grid.height) return;
    const int c = paddedIndex(grid, x, y);
    float leaving = 0.0f;
#pragma unroll
    for (int f = 0; f < FAMILY_COUNT; ++f) {
        const int q = f * plane(grid) + c;
        // Faces that end here lose water when their flow is negative, those that start here when positive.
        leaving += maxOf(0.0f, -flows[q]) + maxOf(0.0f, flows[q + offsetIndex(grid, headOffset(f, y))]);
    }
    const float available = depth[c] * m.cellArea;
    const float wanted = leaving * m.dt;
    scales[c] = wanted > available ? available / wanted * SCALE_MARGIN : 1.0f;
}
