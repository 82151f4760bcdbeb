// Diagnostics reduced on the device (CpuSolver::refreshDiagnostics): per work-group volume (as
// depth sum), max depth, max speed and a count of non-finite values; then one work-group folds
// the groups into four numbers. The group's numbers are combined by REDUCTION_STRIPS strips and then one
// work-item (two barriers), not a tree: on CPU devices every barrier level is a pass over the group.
__kernel void refreshDiagnostics(__global const float* depth, __global const float* flows, Grid grid, float3 faceWidths,
                                 __global float* groupSums, __local float4* scratch)
{
    const int x0 = get_global_id(0) * VEC, y = get_global_id(1);
    float volume = 0.0f, maxDepth = 0.0f, speed = 0.0f, nonFinite = 0.0f;
    if (x0 < grid.width && y < grid.height) {
        const intv x = x0 + LANES;
        const intv cell = insideMap(grid, x, y);
        const int c = paddedIndex(grid, x0, y);
        const floatv h = LOADV(depth, c);
        floatv bad = isfinite(h) ? (floatv)(0.0f) : (floatv)(1.0f);
        floatv fastest = 0.0f;
        const float widths[3] = {faceWidths.x, faceWidths.y, faceWidths.z};
#pragma unroll
        for (int f = 0; f < FAMILY_COUNT; ++f) {
            // Speed through the pipe headed here, over the mean depth of the two cells it joins.
            const int2 t = tailOffset(f, y);
            const floatv q = LOADV(flows, f * plane(grid) + c);
            bad += isfinite(q) ? (floatv)(0.0f) : (floatv)(1.0f);
            const floatv tailDepth = insideMap(grid, x + t.x, y + t.y) ? LOADV(depth, c + offsetIndex(grid, t)) : h;
            const floatv faceDepth = 0.5f * (tailDepth + h);
            const floatv faceSpeed = fabs(q) / (faceDepth * widths[f]);
            fastest = faceDepth >= WET_DEPTH ? fmax(fastest, faceSpeed) : fastest;
        }
        const floatv finiteDepth = cell && isfinite(h) ? h : (floatv)(0.0f);
        volume = sumLanes(finiteDepth);
        maxDepth = maxLanes(finiteDepth);
        speed = maxLanes(cell ? fastest : (floatv)(0.0f));
        nonFinite = sumLanes(cell ? bad : (floatv)(0.0f));
    }
    const uint lid = get_local_id(0) + get_local_id(1) * get_local_size(0);
    const uint size = get_local_size(0) * get_local_size(1);
    scratch[lid] = (float4)(volume, maxDepth, speed, nonFinite);
    barrier(CLK_LOCAL_MEM_FENCE);
    const uint strips = REDUCTION_STRIPS, strip = size / strips;
    if (lid < strips) {
        float4 r = scratch[lid * strip];
        for (uint i = 1; i < strip; ++i) {
            const float4 v = scratch[lid * strip + i];
            r = (float4)(r.x + v.x, fmax(r.y, v.y), fmax(r.z, v.z), r.w + v.w);
        }
        scratch[size + lid] = r;
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    if (lid == 0) {
        float4 r = scratch[size];
        for (uint i = 1; i < strips; ++i) {
            const float4 v = scratch[size + i];
            r = (float4)(r.x + v.x, fmax(r.y, v.y), fmax(r.z, v.z), r.w + v.w);
        }
        const uint group = get_group_id(1) * get_num_groups(0) + get_group_id(0);
        vstore4(r, group, groupSums);
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
