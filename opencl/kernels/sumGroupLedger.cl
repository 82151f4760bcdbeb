// Sums the work-group sums of scaleFlowsAndUpdateDepths into the step's rain and evaporation
// slots (the CPU solver sums its rows in updateDepths).
__kernel void sumGroupLedger(__global float* stepLedger, int step, __global const float* groupSums, int groups, __local float* scratch)
{
    float rained = 0.0f, evaporated = 0.0f;
    for (int g = get_local_id(0); g < groups; g += get_local_size(0)) {
        rained += groupSums[2 * g];
        evaporated += groupSums[2 * g + 1];
    }
    rained = sumLocal(scratch, rained);
    evaporated = sumLocal(scratch, evaporated);
    if (get_local_id(0) == 0) {
        stepLedger[step * LEDGER_SLOTS + LEDGER_RAIN] = rained;
        stepLedger[step * LEDGER_SLOTS + LEDGER_EVAPORATION] = evaporated;
    }
}
