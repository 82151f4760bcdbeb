// MomentumStep::limitOutflows, its second half (every face scaled by the factor of the cell it
// leaves, discharge and velocity alike), then updateDepths with rain and evaporation. Each
// work-item takes VEC padded positions of a row, columns −1..W on rows 0..H (row −1 holds no face),
// as scaleFlowsAndUpdateDepths does for the pipes. It writes the next state set (`flows`,
// `speeds`, `depth`) from the step's old depths and the new faces, so no work-item reads another's
// output; a cell recomputes the scaled faces that start at it with the same operations as the
// work-item that writes them. Positions that are no face keep their value, the same in every set.
// With weather each work-group sums what rain and evaporation changed into groupSums, for the ledger.
inline floatv leavingFactor(__global const float* scales, floatv q, int tail, int head)
{
    return q > 0.0f ? LOADV(scales, tail) : LOADV(scales, head);
}

__kernel void scaleOutflowsAndUpdateDepths(__global float* flows, __global float* speeds, __global float* depth,
                                           __global const float* depthIn, __global const float* newFlows, __global const float* newSpeeds,
                                           __global const float* scales, Grid grid, Momentum m, __global float* groupSums,
                                           __local float* scratch)
{
    const int x0 = (int)get_global_id(0) * VEC - 1, y = get_global_id(1);
    float rainedSum = 0.0f, evaporatedSum = 0.0f;
    if (x0 <= grid.width && y <= grid.height) {
        const intv x = x0 + LANES;
        const intv cell = insideMap(grid, x, y);
        const int c = paddedIndex(grid, x0, y);
        floatv net = 0.0f; // what enters minus what leaves, m³/s
#pragma unroll
        for (int f = 0; f < FAMILY_COUNT; ++f) {
            const int q = f * plane(grid) + c;
            const int2 t = tailOffset(f, y);
            // The face headed here (MomentumStep::isFace).
            const intv face = (x >= -1) & (x <= grid.width) & (cell | insideMap(grid, x + t.x, y + t.y));
            const floatv ending = LOADV(newFlows, q);
            const floatv factor = leavingFactor(scales, ending, c + offsetIndex(grid, t), c);
            const floatv endingScaled = ending * factor;
            STOREV(face ? endingScaled : LOADV(flows, q), flows, q);
            STOREV(face ? LOADV(newSpeeds, q) * factor : LOADV(speeds, q), speeds, q);
            // The face that starts here.
            const int head = c + offsetIndex(grid, headOffset(f, y));
            const floatv starting = LOADV(newFlows, f * plane(grid) + head);
            net += endingScaled - starting * leavingFactor(scales, starting, c, head);
        }
        const floatv before = LOADV(depthIn, c);
        const floatv moved = before + m.dtOverArea * net;
        const floatv wetted = moved + m.rainDepth;
        const floatv after = wetted - minOfV(wetted, (floatv)(m.evaporationDepth));
        STOREV(cell ? after : LOADV(depth, c), depth, c);
        rainedSum = sumLanes(cell ? wetted - moved : (floatv)(0.0f));
        evaporatedSum = sumLanes(cell ? wetted - after : (floatv)(0.0f));
    }
    if (m.rainDepth == 0.0f && m.evaporationDepth == 0.0f) return; // uniform across the launch: no barrier divergence
    storeWeatherSums(groupSums, scratch, rainedSum, evaporatedSum);
}
