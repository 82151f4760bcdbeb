// Step 1: every boundary edge from its condition (CpuSolver::setBoundaryFlows).
__kernel void setBoundaryFlows(__global float* flows, __global const float* bed, __global const float* depth,
                               __global const BoundaryEdge* edges, int edgeCount, __constant const Family* families,
                               float frictionFactor, float dt, float gravity, int depthPipes, float constantArea,
                               float viscosityTerm)
{
    const int i = get_global_id(0);
    if (i >= edgeCount) return;
    const BoundaryEdge e = edges[i];
    const float h = depth[e.cell], b = bed[e.cell];
    float inward = 0.0f;
    if (e.type == 1) {
        inward = e.value;
    } else if (e.type == 2 || e.type == 3) {
        // The ghost cell has the interior cell's bed; its surface is the sea level, or the bed
        // itself for free outflow (so only the inside water pushes, and nothing can enter).
        __constant const Family* f = &families[e.family];
        const float outside = e.type == 2 ? e.value : b;
        const float drop = outside - (b + h);
        const float upwindDepth = drop > 0.0f ? outside - b : h;
        inward = e.inward * flows[e.flowIndex] * frictionFactor
                 + dt * gravity * pipeArea(depthPipes, upwindDepth, f->faceWidth, constantArea) / f->pipeLength * drop;
        if (viscosityTerm > 0.0f) inward = viscousDamping(inward, inward > 0.0f ? upwindDepth : h, viscosityTerm);
        if (e.type == 3) inward = fmin(inward, 0.0f);
    }
    flows[e.flowIndex] = e.inward * inward;
}
