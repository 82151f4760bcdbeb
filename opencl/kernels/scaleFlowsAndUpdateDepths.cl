// Steps 3b and 4 fused (PipeStep's scaleOutflows and updateDepths): each work-item takes VEC
// padded positions of a row, columns −1..W on rows 0..H as scaleOutflows covers. It scales the
// edges headed there by the cell they leave and writes them to `flows`; a map cell also scales
// the edges that start there (recomputed with the same float operations as the work-item that
// writes them) and moves the water from `depthIn` to `depth`, then rain and evaporation. `flows`
// and `depth` are the next step's state, another set than the step's old one (so the state a call
// started from stays as it was). Inputs are only read: no work-item sees another's writes. With weather, each work-group sums what
// rain and evaporation actually changed into groupSums, for the ledger.
__kernel void scaleFlowsAndUpdateDepths(__global float* restrict flows, __global float* restrict depth, __global const float* restrict depthIn,
                                        __global const float* restrict accelerated, __global const float* restrict scales, Grid grid,
                                        float dtOverArea, float rainDepth, float evaporationDepth, __global float* groupSums,
                                        __local float* scratch)
{
    const int x0 = (int)get_global_id(0) * VEC - 1, y = get_global_id(1);
    float rainedSum = 0.0f, evaporatedSum = 0.0f;
    if (x0 <= grid.width && y <= grid.height) {
        const intv x = x0 + LANES;
        const intv position = x <= grid.width; // in the ring or the map (the rows are right)
        const intv cell = insideMap(grid, x, y);
        const int c = paddedIndex(grid, x0, y);
        const floatv hereScale = LOADV(scales, c);
        floatv net = 0.0f; // what enters minus what leaves, m³/s
#pragma unroll
        for (int f = 0; f < FAMILY_COUNT; ++f) {
            const int q = f * plane(grid) + c;
            // The edge headed here, scaled by the cell it leaves; the ring's scales are 1. An edge
            // whose tail lies beyond the ring joins no cell and is copied as it is.
            const int2 t = tailOffset(f, y);
            const intv joined = (x + t.x >= -1) & (x + t.x <= grid.width);
            const floatv ending = LOADV(accelerated, q);
            const floatv tailScale = joined ? LOADV(scales, c + offsetIndex(grid, t)) : hereScale;
            const floatv endingScaled = ending * (ending > 0.0f ? tailScale : hereScale);
            STOREV(position ? (joined ? endingScaled : ending) : LOADV(flows, q), flows, q);
            // The edge that starts here.
            const int2 h = headOffset(f, y);
            const int head = c + offsetIndex(grid, h);
            const floatv starting = LOADV(accelerated, f * plane(grid) + head);
            const floatv startingScaled = starting * (starting > 0.0f ? hereScale : LOADV(scales, head));
            net += endingScaled - startingScaled;
        }
        const floatv before = LOADV(depthIn, c);
        const floatv moved = before + dtOverArea * net;
        const floatv wetted = moved + rainDepth;
        const floatv after = wetted - fmin(wetted, evaporationDepth);
        STOREV(cell ? after : before, depth, c);
        rainedSum = sumLanes(cell ? wetted - moved : (floatv)(0.0f));
        evaporatedSum = sumLanes(cell ? wetted - after : (floatv)(0.0f));
    }
    if (rainDepth == 0.0f && evaporationDepth == 0.0f) return; // uniform across the launch: no barrier divergence
    storeWeatherSums(groupSums, scratch, rainedSum, evaporatedSum);
}
