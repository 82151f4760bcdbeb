// Steps 2 and 3a fused (PipeStep's accelerateFlows and computeOutflowScales): each work-item
// takes VEC cells of a row, accelerates the edges headed at them into `accelerated`, and works out
// the factor each cell applies to what leaves it, recomputing the edges that start there (headed
// at a neighbour) rather than waiting for another work-item: one pass over the state, not two.
// Boundary edges were set into `accelerated` by setBoundaryFlows and are only read here.
// `flows` (the step's old flows) is only read, so work-items never see each other's results.
// Branch-free: every neighbour has an index in the padded fields, so both candidates are loaded
// and one is selected. A candidate read from `accelerated` at an interior head may be another
// work-item's result or not; it is discarded.
__kernel void accelerateFlowsAndScales(__global float* restrict accelerated, __global float* restrict scales,
                                       __global const float* restrict flows, __global const float* restrict bed,
                                       __global const float* restrict depth, Grid grid, Pipes pipes)
{
    const int x0 = get_global_id(0) * VEC, y = get_global_id(1);
    if (x0 >= grid.width || y >= grid.height) return;
    const intv x = x0 + LANES;
    const intv cell = insideMap(grid, x, y);
    const int c = paddedIndex(grid, x0, y);
    const floatv hereBed = LOADV(bed, c), hereDepth = LOADV(depth, c);
    // Everything read from `accelerated` is loaded before anything is stored: a load that
    // overlaps a store just made (the next cell's edge) would wait for it on CPU devices.
    floatv before[FAMILY_COUNT], startingBoundary[FAMILY_COUNT];
#pragma unroll
    for (int f = 0; f < FAMILY_COUNT; ++f) {
        before[f] = LOADV(accelerated, f * plane(grid) + c);
        startingBoundary[f] = LOADV(accelerated, f * plane(grid) + c + offsetIndex(grid, headOffset(f, y)));
    }
    floatv leaving = 0.0f;
#pragma unroll
    for (int f = 0; f < FAMILY_COUNT; ++f) {
        const int q = f * plane(grid) + c;
        // The edge that ends here: negative flow leaves.
        const int2 t = tailOffset(f, y);
        const int tail = c + offsetIndex(grid, t);
        const floatv endingInterior = accelerateFlow(pipes, f, LOADV(flows, q), LOADV(bed, tail), LOADV(depth, tail), hereBed, hereDepth);
        const floatv ending = insideMap(grid, x + t.x, y + t.y) ? endingInterior : before[f];
        STOREV(cell ? ending : before[f], accelerated, q);
        // The edge that starts here: positive flow leaves.
        const int2 h = headOffset(f, y);
        const int head = c + offsetIndex(grid, h);
        const floatv startingInterior = accelerateFlow(pipes, f, LOADV(flows, f * plane(grid) + head), hereBed, hereDepth, LOADV(bed, head), LOADV(depth, head));
        const floatv starting = insideMap(grid, x + h.x, y + h.y) ? startingInterior : startingBoundary[f];
        leaving += fmax(-ending, 0.0f) + fmax(starting, 0.0f);
    }
    const floatv available = hereDepth * grid.cellArea;
    const floatv wanted = leaving * pipes.dt;
    const floatv limited = available / wanted * SCALE_MARGIN; // divided either way (0/0 is discarded): no branch
    const floatv scale = wanted > available ? limited : (floatv)(1.0f);
    STOREV(cell ? scale : (floatv)(1.0f), scales, c); // lanes past the map: the ring's 1, or unused padding
}
