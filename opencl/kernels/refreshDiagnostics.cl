// Diagnostics reduced on the device (CpuSolver::refreshDiagnostics): per work-group volume (as
// depth sum), max depth, max speed and a count of non-finite values; then one work-group folds
// the groups into four numbers.
__kernel void refreshDiagnostics(__global const float* depth, __global const float* flows, Grid grid,
                                 __constant const Family* families, float wetDepth, __global float* groupSums,
                                 __local float* scratch)
{
    const int x = get_global_id(0), y = get_global_id(1);
    float h = 0.0f, speed = 0.0f, nonFinite = 0.0f;
    if (x < grid.width && y < grid.height) {
        h = depth[cellIndex(grid, x, y)];
        if (!isfinite(h)) nonFinite += 1.0f;
        for (int fi = 0; fi < FAMILY_COUNT; ++fi) {
            // Speed through the pipe headed here, over the mean depth of the two cells it joins.
            __constant const Family* f = &families[fi];
            const int2 t = tailOffset(f, y);
            const float q = flows[flowIndex(grid, fi, x, y)];
            if (!isfinite(q)) nonFinite += 1.0f;
            const float tailDepth = contains(grid, x + t.x, y + t.y) ? depth[cellIndex(grid, x + t.x, y + t.y)] : h;
            const float faceDepth = 0.5f * (tailDepth + h);
            if (faceDepth >= wetDepth) speed = fmax(speed, fabs(q) / (faceDepth * f->faceWidth));
        }
    }
    const float volume = reduceLocal(scratch, isfinite(h) ? h : 0.0f, 0);
    const float maxDepth = reduceLocal(scratch, isfinite(h) ? h : 0.0f, 1);
    const float maxSpeed = reduceLocal(scratch, speed, 1);
    const float bad = reduceLocal(scratch, nonFinite, 0);
    if (get_local_id(0) == 0 && get_local_id(1) == 0) {
        const uint group = get_group_id(1) * get_num_groups(0) + get_group_id(0);
        groupSums[4 * group] = volume;
        groupSums[4 * group + 1] = maxDepth;
        groupSums[4 * group + 2] = maxSpeed;
        groupSums[4 * group + 3] = bad;
    }
}

// Folds the groups: volume summed with Kahan compensation (many groups of similar size), the
// maxima maximised, the non-finite counts summed.
__kernel void foldDiagnostics(__global float* result, __global const float* groupSums, int groups, __local float* scratch)
{
    float volume = 0.0f, compensation = 0.0f, maxDepth = 0.0f, maxSpeed = 0.0f, bad = 0.0f;
    for (int g = get_local_id(0); g < groups; g += get_local_size(0)) {
        const float term = groupSums[4 * g] - compensation;
        const float sum = volume + term;
        compensation = (sum - volume) - term;
        volume = sum;
        maxDepth = fmax(maxDepth, groupSums[4 * g + 1]);
        maxSpeed = fmax(maxSpeed, groupSums[4 * g + 2]);
        bad += groupSums[4 * g + 3];
    }
    volume = reduceLocal(scratch, volume, 0);
    maxDepth = reduceLocal(scratch, maxDepth, 1);
    maxSpeed = reduceLocal(scratch, maxSpeed, 1);
    bad = reduceLocal(scratch, bad, 0);
    if (get_local_id(0) == 0) {
        result[0] = volume;
        result[1] = maxDepth;
        result[2] = maxSpeed;
        result[3] = bad;
    }
}
