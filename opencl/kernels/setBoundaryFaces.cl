// MomentumStep::setBoundaryFaces: every boundary face from its condition, one work-item per edge.
// Inflow: the edge's share of its segment's discharge (MomentumStep::inflowShares) enters at its
// speed in the cell's depth, at most the critical speed; the critical depth (q²/g)^(1/3) is worked
// out on the host with the CPU's cbrtf (`inflows`: share, critical depth). Sea and free outflow:
// the face accelerates towards a ghost surface at the sea level (at the bed where the sea lies below
// it) or the bed, and carries its momentum upwind along its family (boundaryAdvection; acrossFaces:
// per edge, the family's face across its cell).
inline float boundaryAdvection(Momentum m, float previous, float across, float pipeLength)
{
    const float upstream = previous > 0.0f ? 0.0f : across;
    return minOf(m.dt / pipeLength * fabs(previous), 1.0f) * (previous - upstream);
}

__kernel void setBoundaryFaces(__global float* newFlows, __global float* newSpeeds, __global const float* speeds,
                               __global const float* bed, __global const float* depth, __global const BoundaryEdge* edges,
                               __global const float2* inflows, __global const uint* acrossFaces, int edgeCount, Momentum m)
{
    const int i = get_global_id(0);
    if (i >= edgeCount) return;
    const BoundaryEdge e = edges[i];
    const float w = m.faceWidth[e.family];
    const float h = depth[e.cell], b = bed[e.cell];
    float inwardSpeed = 0.0f, inwardFlow = 0.0f;
    if (e.type == BOUNDARY_INFLOW) {
        const float2 inflow = inflows[i];
        const float perWidth = inflow.x / w;
        inwardFlow = inflow.x;
        inwardSpeed = perWidth / maxOf(h, inflow.y);
    } else if (e.type != BOUNDARY_WALL) {
        const float outside = e.type == BOUNDARY_SEA ? maxOf(e.value, b) : b;
        const float outsideDepth = outside - b;
        const float previous = e.inward * speeds[e.flowIndex];
        float u = previous + m.dt * m.gravity / m.pipeLength[e.family] * (outside - (b + h));
        u -= boundaryAdvection(m, previous, e.inward * speeds[acrossFaces[i]], m.pipeLength[e.family]);
        u = applyFriction(m, u, fabs(u), 0.5f * (h + outsideDepth));
        if (e.type == BOUNDARY_OUTFLOW) u = minOf(u, 0.0f);
        const float faceDepth = u > 0.0f ? outsideDepth : h;
        if (faceDepth > MOMENTUM_DRY_DEPTH) {
            inwardSpeed = clampSpeed(u, m.speedLimit);
            inwardFlow = inwardSpeed * faceDepth * w;
        }
    }
    newSpeeds[e.flowIndex] = e.inward * inwardSpeed;
    newFlows[e.flowIndex] = e.inward * inwardFlow;
}
