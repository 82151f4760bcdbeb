// What crossed the boundary this step (PipeStep::recordBoundaryFlows): one work-group sums
// inward and outward flow over all boundary edges, in a fixed order, into the step's ledger slots.
__kernel void recordBoundaryFlows(__global float* stepLedger, int step, __global const float* flows,
                                  __global const BoundaryEdge* edges, int edgeCount, __local float* scratch)
{
    float in = 0.0f, out = 0.0f;
    for (int i = get_local_id(0); i < edgeCount; i += get_local_size(0)) {
        const float inward = edges[i].inward * flows[edges[i].flowIndex];
        if (inward > 0.0f) in += inward;
        else out -= inward;
    }
    in = sumLocal(scratch, in);
    out = sumLocal(scratch, out);
    if (get_local_id(0) == 0) {
        stepLedger[step * LEDGER_SLOTS + LEDGER_BOUNDARY_IN] = in;
        stepLedger[step * LEDGER_SLOTS + LEDGER_BOUNDARY_OUT] = out;
    }
}
