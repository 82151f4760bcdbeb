// Step 1: every boundary edge from its condition (PipeStep::setBoundaryFlow), from the step's
// old flow into `accelerated`, where accelerateFlowsAndScales and the scaling find it.
__kernel void setBoundaryFlows(__global float* accelerated, __global const float* flows, __global const float* bed,
                               __global const float* depth, __global const BoundaryEdge* edges, int edgeCount, Pipes pipes)
{
    const int i = get_global_id(0);
    if (i >= edgeCount) return;
    const BoundaryEdge e = edges[i];
    const float h = depth[e.cell], b = bed[e.cell];
    float inward = 0.0f;
    if (e.type == BOUNDARY_INFLOW) {
        inward = e.value;
    } else if (e.type == BOUNDARY_SEA || e.type == BOUNDARY_OUTFLOW) {
        // The ghost cell has the interior cell's bed; its surface is the sea level, or the bed
        // itself for free outflow (so only the inside water pushes, and nothing can enter).
        const float outside = e.type == BOUNDARY_SEA ? e.value : b;
        const float drop = outside - (b + h);
        const float upwindDepth = drop > 0.0f ? outside - b : h;
        inward = e.inward * flows[e.flowIndex] * pipes.frictionFactor
                 + pipes.dt * pipes.gravity * pipeArea(pipes, e.family, upwindDepth) / pipes.pipeLength[e.family] * drop;
        if (pipes.viscosityTerm > 0.0f) inward = viscousDamping(inward, inward > 0.0f ? upwindDepth : h, pipes.viscosityTerm);
        if (e.type == BOUNDARY_OUTFLOW) inward = fmin(inward, 0.0f);
    }
    accelerated[e.flowIndex] = e.inward * inward;
}
