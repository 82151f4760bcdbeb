// Step 4: move the water, then rain and evaporation (CpuSolver::updateDepths). Each work-group
// also sums what rain and evaporation actually changed into groupSums, for the ledger.
__kernel void updateDepths(__global float* depth, __global const float* flows, Grid grid, __constant const Family* families,
                           float dtOverArea, float rainDepth, float evaporationDepth, __global float* groupSums,
                           __local float* scratch)
{
    const int x = get_global_id(0), y = get_global_id(1);
    float rained = 0.0f, evaporated = 0.0f;
    if (x < grid.width && y < grid.height) {
        float net = 0.0f; // what enters minus what leaves, m³/s
        for (int fi = 0; fi < FAMILY_COUNT; ++fi) {
            const int2 h = headOffset(&families[fi], y);
            net += flows[flowIndex(grid, fi, x, y)] - flows[flowIndex(grid, fi, x + h.x, y + h.y)];
        }
        const uint c = cellIndex(grid, x, y);
        const float moved = depth[c] + dtOverArea * net;
        const float wetted = moved + rainDepth;
        const float after = wetted - fmin(wetted, evaporationDepth);
        depth[c] = after;
        rained = wetted - moved;
        evaporated = wetted - after;
    }
    if (rainDepth == 0.0f && evaporationDepth == 0.0f) return; // uniform across the launch: no barrier divergence
    rained = reduceLocal(scratch, rained, 0);
    evaporated = reduceLocal(scratch, evaporated, 0);
    if (get_local_id(0) == 0 && get_local_id(1) == 0) {
        const uint group = get_group_id(1) * get_num_groups(0) + get_group_id(0);
        groupSums[2 * group] = rained;
        groupSums[2 * group + 1] = evaporated;
    }
}

// Sums the work-group sums of updateDepths into the step's rain and evaporation slots.
__kernel void sumGroupLedger(__global float* stepLedger, int step, __global const float* groupSums, int groups, __local float* scratch)
{
    float rained = 0.0f, evaporated = 0.0f;
    for (int g = get_local_id(0); g < groups; g += get_local_size(0)) {
        rained += groupSums[2 * g];
        evaporated += groupSums[2 * g + 1];
    }
    rained = reduceLocal(scratch, rained, 0);
    evaporated = reduceLocal(scratch, evaporated, 0);
    if (get_local_id(0) == 0) {
        stepLedger[step * LEDGER_SLOTS + LEDGER_RAIN] = rained;
        stepLedger[step * LEDGER_SLOTS + LEDGER_EVAPORATION] = evaporated;
    }
}
