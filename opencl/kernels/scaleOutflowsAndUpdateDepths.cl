// MomentumStep::limitOutflows, its second half (every face scaled by the factor of the cell it
// leaves, discharge and velocity alike), then updateDepths with rain and evaporation: one
// work-item per padded position, columns −1..W on rows 0..H (row −1 holds no face). It writes the
// next state set (`flows`, `speeds`, `depth`) from the step's old depths and the new faces, so no
// work-item reads another's output. A cell recomputes the scaled faces that start at it with the
// same operations as the work-item that writes them. With weather each work-group sums what rain
// and evaporation changed into groupSums, for the ledger (as scaleFlowsAndUpdateDepths).
inline float leavingFactor(__global const float* scales, float q, int tail, int head) { return q > 0.0f ? scales[tail] : scales[head]; }

__kernel void scaleOutflowsAndUpdateDepths(__global float* flows, __global float* speeds, __global float* depth,
                                           __global const float* depthIn, __global const float* newFlows, __global const float* newSpeeds,
                                           __global const float* scales, Grid grid, Momentum m, __global float* groupSums,
                                           __local float* scratch)
{
    const int x = (int)get_global_id(0) - 1, y = get_global_id(1);
    float rained = 0.0f, evaporated = 0.0f;
    if (x <= grid.width && y <= grid.height) {
        const int c = paddedIndex(grid, x, y);
        const bool cell = contains(grid, x, y);
        float net = 0.0f; // what enters minus what leaves, m³/s
    #pragma unroll
    for (int f = 0; f < FAMILY_COUNT; ++f) {
            const int q = f * plane(grid) + c;
            const int2 t = tailOffset(f, y);
            // The face headed here. Positions that are no face keep their value, the same in every set.
            if (isFace(grid, f, x, y)) {
                const float factor = leavingFactor(scales, newFlows[q], c + offsetIndex(grid, t), c);
                flows[q] = newFlows[q] * factor;
                speeds[q] = newSpeeds[q] * factor;
            }
            if (!cell) continue;
            const int head = c + offsetIndex(grid, headOffset(f, y));
            const int starting = f * plane(grid) + head;
            const float ending = newFlows[q] * leavingFactor(scales, newFlows[q], c + offsetIndex(grid, t), c);
            const float leaving = newFlows[starting] * leavingFactor(scales, newFlows[starting], c, head);
            net += ending - leaving;
        }
        if (cell) {
            const float before = depthIn[c];
            const float moved = before + m.dtOverArea * net;
            const float wetted = moved + m.rainDepth;
            const float after = wetted - minOf(wetted, m.evaporationDepth);
            depth[c] = after;
            rained = wetted - moved;
            evaporated = wetted - after;
        }
    }
    if (m.rainDepth == 0.0f && m.evaporationDepth == 0.0f) return; // uniform across the launch: no barrier divergence
    rained = sumLocal(scratch, rained);
    evaporated = sumLocal(scratch, evaporated);
    if (get_local_id(0) == 0 && get_local_id(1) == 0) {
        const uint group = get_group_id(1) * get_num_groups(0) + get_group_id(0);
        groupSums[2 * group] = rained;
        groupSums[2 * group + 1] = evaporated;
    }
}
