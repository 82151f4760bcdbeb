// Step 2: interior edges accelerate down the surface gradient (CpuSolver::accelerateFlows).
// One work-item per head cell, every family.
__kernel void accelerateFlows(__global float* flows, __global const float* bed, __global const float* depth, Grid grid,
                              __constant const Family* families, float frictionFactor, float dt, float gravity,
                              int depthPipes, float constantArea, float viscosityTerm)
{
    const int x = get_global_id(0), y = get_global_id(1);
    if (x >= grid.width || y >= grid.height) return;
    const uint head = cellIndex(grid, x, y);
    const float headSurface = bed[head] + depth[head];
    for (int fi = 0; fi < FAMILY_COUNT; ++fi) {
        __constant const Family* f = &families[fi];
        const int2 t = tailOffset(f, y);
        if (!contains(grid, x + t.x, y + t.y)) continue;
        const uint tail = cellIndex(grid, x + t.x, y + t.y);
        const float drop = (bed[tail] + depth[tail]) - headSurface;
        // Depth pipes take the cross-section of the cell that pushes (the higher surface).
        const float area = pipeArea(depthPipes, drop > 0.0f ? depth[tail] : depth[head], f->faceWidth, constantArea);
        const uint qi = flowIndex(grid, fi, x, y);
        float q = flows[qi] * frictionFactor + gravity * dt / f->pipeLength * area * drop;
        if (viscosityTerm > 0.0f) q = viscousDamping(q, q > 0.0f ? depth[tail] : depth[head], viscosityTerm);
        flows[qi] = q;
    }
}
