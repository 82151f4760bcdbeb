// MomentumStep::accelerateInteriorFaces (advectionChange, eddyDiffusion, faceSpeed,
// applyFriction), then dischargesFromVelocities for the same face: one work-item per cell, the
// faces headed at it. Reads the step's old speeds, depths and the cell vectors; writes the new,
// not yet limited, speeds and discharges of the interior faces (boundary faces: setBoundaryFaces).

// MomentumStep::upwindShare: how much of the upstream discharge v neighbour k's direction takes.
inline float upwindShare(int parity, int k, float vx, float vy)
{
    const int next = NEIGHBOUR_NEXT[parity][k], previous = NEIGHBOUR_PREVIOUS[parity][k];
    const float ox = NEIGHBOUR_DIRECTION_X[parity][k], oy = NEIGHBOUR_DIRECTION_Y[parity][k];
    const float toNext = NEIGHBOUR_INVERSE_CROSS_TO_NEXT[parity][k], fromPrevious = NEIGHBOUR_INVERSE_CROSS_FROM_PREVIOUS[parity][k];
    const float a = crossOf(vx, vy, NEIGHBOUR_DIRECTION_X[parity][next], NEIGHBOUR_DIRECTION_Y[parity][next]) * toNext;
    const float b = crossOf(ox, oy, vx, vy) * toNext;
    if (a >= 0.0f && b >= 0.0f) return a;
    const float c = crossOf(NEIGHBOUR_DIRECTION_X[parity][previous], NEIGHBOUR_DIRECTION_Y[parity][previous], vx, vy) * fromPrevious;
    const float d = crossOf(vx, vy, ox, oy) * fromPrevious;
    return c >= 0.0f && d >= 0.0f ? c : 0.0f;
}

// MomentumStep::advectionChange: −dt·(u·∇)U, upwind and momentum-conserving, limited to a convex
// combination of the upwind neighbours.
inline float advectionChange(Grid g, Momentum m, __global const float* speeds, __global const float* vectors, __global const uchar* walls,
                             int f, int x, int y, int parity, float speed, float faceDepth)
{
    const int2 t = tailOffset(f, y);
    float weights = 0.0f, weighted = 0.0f;
#pragma unroll
    for (int k = 0; k < NEIGHBOUR_COUNT; ++k) {
        const int nx = x + NEIGHBOUR_DX[parity][k], ny = y + NEIGHBOUR_DY[parity][k];
        if (!isOpenFace(g, walls, f, nx, ny)) continue; // beyond the map or a wall: free slip
        const int2 nt = tailOffset(f, ny);
        const int cx[4] = {x, x + t.x, nx, nx + nt.x}, cy[4] = {y, y + t.y, ny, ny + nt.y};
        const bool behind = cx[2] == cx[1] && cy[2] == cy[1]; // the neighbour's head is our tail
        const bool ahead = cx[3] == cx[0] && cy[3] == cy[0];  // the neighbour's tail is our head
        float qx = 0.0f, qy = 0.0f, count = 0.0f;
#pragma unroll
        for (int c = 0; c < 4; ++c) {
            if (!contains(g, cx[c], cy[c])) continue;
            if ((behind && c != 1) || (ahead && c != 0)) continue; // only the shared cell
            const int cell = paddedIndex(g, cx[c], cy[c]);
            qx += cellVector(vectors, g, CELL_QX, cell);
            qy += cellVector(vectors, g, CELL_QY, cell);
            count += 1.0f;
        }
        if (count == 0.0f) continue;
        const float towardUs = upwindShare(parity, k, -qx / count, -qy / count);
        if (towardUs <= 0.0f) continue; // not upstream
        weights += towardUs;
        weighted += towardUs * (speed - speeds[f * plane(g) + paddedIndex(g, nx, ny)]);
    }
    if (weights <= 0.0f) return 0.0f;
    const float rate = m.dt / (faceDepth * m.pipeLength[f]);
    return -minOf(rate, 1.0f / weights) * weighted;
}

// MomentumStep::eddyDiffusion: ν·∇²U over the open neighbours (no stress from the map's edge).
inline float eddyDiffusion(Grid g, Momentum m, __global const float* speeds, __global const uchar* walls, int f, int x, int y, int parity,
                           float speed)
{
    float sum = 0.0f;
#pragma unroll
    for (int k = 0; k < NEIGHBOUR_COUNT; ++k) {
        const int nx = x + NEIGHBOUR_DX[parity][k], ny = y + NEIGHBOUR_DY[parity][k];
        if (!isOpenFace(g, walls, f, nx, ny)) continue;
        sum += speeds[f * plane(g) + paddedIndex(g, nx, ny)] - speed;
    }
    return m.eddyViscosity * m.laplacian * sum;
}

// MomentumStep::faceSpeed: |u| at a face, its own component and across it the cells' velocities.
inline float faceSpeed(Grid g, __global const float* vectors, int f, int tail, int head, float along)
{
    const float dx = FAMILY_DIRECTION_X[f], dy = FAMILY_DIRECTION_Y[f];
    const float ux = 0.5f * (cellVector(vectors, g, CELL_UX, tail) + cellVector(vectors, g, CELL_UX, head));
    const float uy = 0.5f * (cellVector(vectors, g, CELL_UY, tail) + cellVector(vectors, g, CELL_UY, head));
    const float across = -dy * ux + dx * uy;
    return sqrt(along * along + across * across);
}

// The new velocity of the interior face headed at (x, y) from `tail`; 0 where both cells are dry.
inline float acceleratedSpeed(Grid g, Momentum m, __global const float* speeds, __global const float* bed, __global const float* depth,
                              __global const float* vectors, __global const uchar* walls, int f, int x, int y, int parity, int tail, int head)
{
    const float hHead = depth[head], hTail = depth[tail];
    if (maxOf(hHead, hTail) <= MOMENTUM_DRY_DEPTH) return 0.0f; // nothing here to move
    const float surfaceDrop = (bed[tail] + hTail) - (bed[head] + hHead);
    const float speed = speeds[f * plane(g) + head];
    const float faceDepth = 0.5f * (hHead + hTail);
    const float gOverL = m.gravity / m.pipeLength[f];
    float u = speed + m.dt * gOverL * surfaceDrop;
    if (faceDepth > MOMENTUM_DRY_DEPTH) u += advectionChange(g, m, speeds, vectors, walls, f, x, y, parity, speed, faceDepth);
    if (m.eddyViscosity > 0.0f) u += m.dt * eddyDiffusion(g, m, speeds, walls, f, x, y, parity, speed);
    return applyFriction(m, u, faceSpeed(g, vectors, f, tail, head, u), faceDepth);
}

// The faces headed at cell (x, y) of a row of parity `parity`. Called with the parity as a
// literal, so that with the loops unrolled every neighbour's offset and direction is a constant.
inline void accelerateFacesOfCell(__global float* newFlows, __global float* newSpeeds, __global const float* speeds,
                                  __global const float* bed, __global const float* depth, __global const float* vectors,
                                  __global const uchar* walls, Grid grid, Momentum m, int x, int y, int parity)
{
    const int head = paddedIndex(grid, x, y);
#pragma unroll
    for (int f = 0; f < FAMILY_COUNT; ++f) {
        const int2 t = tailOffset(f, y);
        if (!contains(grid, x + t.x, y + t.y)) continue; // a boundary face
        const int tail = head + offsetIndex(grid, t);
        const float next = acceleratedSpeed(grid, m, speeds, bed, depth, vectors, walls, f, x, y, parity, tail, head);
        dischargeFromVelocity(newFlows, newSpeeds, f * plane(grid) + head, next, bed, depth, tail, head, m.faceWidth[f], m);
    }
}

__kernel void accelerateInteriorFaces(__global float* newFlows, __global float* newSpeeds, __global const float* speeds,
                                      __global const float* bed, __global const float* depth, __global const float* vectors,
                                      __global const uchar* walls, Grid grid, Momentum m)
{
    const int x = get_global_id(0), y = get_global_id(1);
    if (x >= grid.width || y >= grid.height) return;
    if (y & 1) accelerateFacesOfCell(newFlows, newSpeeds, speeds, bed, depth, vectors, walls, grid, m, x, y, 1);
    else accelerateFacesOfCell(newFlows, newSpeeds, speeds, bed, depth, vectors, walls, grid, m, x, y, 0);
}
