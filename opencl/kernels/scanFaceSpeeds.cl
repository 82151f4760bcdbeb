// CpuSolver::scanFaceSpeeds for the momentum model: over every face (padded positions with an end
// on the map), the fastest |U| where the two cells hold WET_DEPTH on average, the fastest signal
// |U| + √(g·h), and a count of non-finite velocities; per work-group into groupSums as
// (0, fastest, signal, non-finite), which foldDiagnostics folds. Maxima do not depend on order.
__kernel void scanFaceSpeeds(__global const float* speeds, __global const float* depth, Grid grid, float gravity, __global float* groupSums,
                             __local float* scratch)
{
    const int x = (int)get_global_id(0) - 1, y = (int)get_global_id(1) - 1;
    float fastest = 0.0f, signal = 0.0f, bad = 0.0f;
    if (x <= grid.width && y <= grid.height) {
        const int c = paddedIndex(grid, x, y);
    #pragma unroll
    for (int f = 0; f < FAMILY_COUNT; ++f) {
            const float speed = fabs(speeds[f * plane(grid) + c]);
            bad += isfinite(speed) ? 0.0f : 1.0f;
            const int2 t = tailOffset(f, y);
            const bool headInside = contains(grid, x, y), tailInside = contains(grid, x + t.x, y + t.y);
            if (!headInside && !tailInside) continue;
            const int tailCell = c + offsetIndex(grid, t);
            const float head = headInside ? depth[c] : depth[tailCell];
            const float tail = tailInside ? depth[tailCell] : head;
            const float faceDepth = 0.5f * (head + tail);
            if (faceDepth >= WET_DEPTH) fastest = maxOf(fastest, speed);
            signal = maxOf(signal, speed + sqrt(gravity * maxOf(head, tail)));
        }
    }
    fastest = reduceLocal(scratch, fastest, 1);
    signal = reduceLocal(scratch, signal, 1);
    bad = reduceLocal(scratch, bad, 0);
    if (get_local_id(0) == 0 && get_local_id(1) == 0) {
        const uint group = get_group_id(1) * get_num_groups(0) + get_group_id(0);
        vstore4((float4)(0.0f, fastest, signal, bad), group, groupSums);
    }
}
