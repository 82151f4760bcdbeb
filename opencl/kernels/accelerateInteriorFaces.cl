// MomentumStep::accelerateInteriorFaces (advectionChange, eddyDiffusion, faceSpeed,
// applyFriction), then dischargesFromVelocities for the same faces (dischargesFromVelocities.cl). Each work-item takes VEC cells
// of a row (common.cl) and the faces headed at them. Along a row every neighbour lies at the same
// offset, so a neighbour of VEC faces is a plain (vector) load; the CPU step's branches become
// lane masks, and each sum takes a term only where the CPU step adds it (a select, never a zero
// added: that would turn a −0 into +0). Reads the step's old speeds, depths and the cell vectors;
// writes the new, not yet limited, speeds and discharges of the interior faces (boundary faces:
// setBoundaryFaces, which runs after this and overwrites the ring's lanes).

// MomentumStep::isOpenFace for the faces of family f headed at columns x of row y (`face`: the
// padded index of the first lane's face).
inline intv isOpenFaceV(Grid g, __global const uchar* walls, int f, intv x, int y, int face)
{
    if (y < -1 || y > g.height) return (intv)(0);
    const int2 t = tailOffset(f, y);
    const intv columns = (x >= -1) & (x <= g.width);
    const intv touches = insideMap(g, x, y) | insideMap(g, x + t.x, y + t.y);
    return columns & touches & !WALLS(walls, f * plane(g) + face);
}

// MomentumStep::upwindShare for VEC upstream vectors v and neighbour k.
inline floatv upwindShareV(int parity, int k, floatv vx, floatv vy)
{
    const int next = NEIGHBOUR_NEXT[parity][k], previous = NEIGHBOUR_PREVIOUS[parity][k];
    const float ox = NEIGHBOUR_DIRECTION_X[parity][k], oy = NEIGHBOUR_DIRECTION_Y[parity][k];
    const float nextX = NEIGHBOUR_DIRECTION_X[parity][next], nextY = NEIGHBOUR_DIRECTION_Y[parity][next];
    const float previousX = NEIGHBOUR_DIRECTION_X[parity][previous], previousY = NEIGHBOUR_DIRECTION_Y[parity][previous];
    const float toNext = NEIGHBOUR_INVERSE_CROSS_TO_NEXT[parity][k], fromPrevious = NEIGHBOUR_INVERSE_CROSS_FROM_PREVIOUS[parity][k];
    const floatv a = (vx * nextY - vy * nextX) * toNext;
    const floatv b = (ox * vy - oy * vx) * toNext;
    const floatv c = (previousX * vy - previousY * vx) * fromPrevious;
    const floatv d = (vx * oy - vy * ox) * fromPrevious;
    const intv alongFirst = (a >= 0.0f) & (b >= 0.0f), alongSecond = (c >= 0.0f) & (d >= 0.0f);
    return alongFirst ? a : (alongSecond ? c : (floatv)(0.0f));
}

// One cell's share of q̃ between two faces (advectionChange): added where the cell is on the map
// and counts (`counts` folds the along-the-family rule, known per neighbour).
inline void addCellDischarge(Grid g, __global const float* vectors, intv x, int y, int index, bool counts, floatv* qx, floatv* qy,
                             floatv* count)
{
    if (!counts) return;
    const intv take = insideMap(g, x, y);
    *qx = take ? *qx + LOADV(vectors, cellVectorIndex(g, CELL_QX, index)) : *qx;
    *qy = take ? *qy + LOADV(vectors, cellVectorIndex(g, CELL_QY, index)) : *qy;
    *count = take ? *count + 1.0f : *count;
}

// MomentumStep::advectionChange for the faces of family f headed at columns x of row y (parity a
// literal: every offset below is then a constant).
inline floatv advectionChangeV(Grid g, Momentum m, __global const float* speeds, __global const float* vectors, __global const uchar* walls,
                               int f, intv x, int y, int parity, int head, floatv speed, floatv faceDepth)
{
    const int2 t = tailOffset(f, parity);
    floatv weights = 0.0f, weighted = 0.0f;
#pragma unroll
    for (int k = 0; k < NEIGHBOUR_COUNT; ++k) {
        const int dx = NEIGHBOUR_DX[parity][k], dy = NEIGHBOUR_DY[parity][k];
        const int neighbour = head + dy * g.pitch + dx;
        const intv open = isOpenFaceV(g, walls, f, x + dx, y + dy, neighbour);
        const int2 nt = tailOffset(f, parity + dy); // the neighbour's row parity
        const bool behind = dx == t.x && dy == t.y;            // the neighbour's head is our tail
        const bool ahead = dx + nt.x == 0 && dy + nt.y == 0;   // the neighbour's tail is our head
        floatv qx = 0.0f, qy = 0.0f, count = 0.0f;
        addCellDischarge(g, vectors, x, y, head, !behind, &qx, &qy, &count);
        addCellDischarge(g, vectors, x + t.x, y + t.y, head + t.y * g.pitch + t.x, !ahead, &qx, &qy, &count);
        addCellDischarge(g, vectors, x + dx, y + dy, neighbour, !behind && !ahead, &qx, &qy, &count);
        addCellDischarge(g, vectors, x + dx + nt.x, y + dy + nt.y, neighbour + nt.y * g.pitch + nt.x, !behind && !ahead, &qx, &qy, &count);
        const floatv towardUs = upwindShareV(parity, k, -qx / count, -qy / count);
        const intv upstream = open & (count != 0.0f) & !(towardUs <= 0.0f);
        const floatv neighbourSpeed = LOADV(speeds, f * plane(g) + neighbour);
        weights = upstream ? weights + towardUs : weights;
        weighted = upstream ? weighted + towardUs * (speed - neighbourSpeed) : weighted;
    }
    const floatv rate = m.dt / (faceDepth * m.pipeLength[f]);
    const floatv change = -minOfV(rate, 1.0f / weights) * weighted;
    return weights <= 0.0f ? (floatv)(0.0f) : change;
}

// MomentumStep::eddyDiffusion: ν·∇²U over the open neighbours (no stress from the map's edge).
inline floatv eddyDiffusionV(Grid g, Momentum m, __global const float* speeds, __global const uchar* walls, int f, intv x, int y, int parity,
                             int head, floatv speed)
{
    floatv sum = 0.0f;
#pragma unroll
    for (int k = 0; k < NEIGHBOUR_COUNT; ++k) {
        const int dx = NEIGHBOUR_DX[parity][k], dy = NEIGHBOUR_DY[parity][k];
        const int neighbour = head + dy * g.pitch + dx;
        const intv open = isOpenFaceV(g, walls, f, x + dx, y + dy, neighbour);
        sum = open ? sum + (LOADV(speeds, f * plane(g) + neighbour) - speed) : sum;
    }
    return m.eddyViscosity * m.laplacian * sum;
}

// MomentumStep::faceSpeed: |u| at a face, its own component and across it the cells' velocities.
inline floatv faceSpeedV(Grid g, __global const float* vectors, int f, int tail, int head, floatv along)
{
    const float dx = FAMILY_DIRECTION_X[f], dy = FAMILY_DIRECTION_Y[f];
    const floatv ux = 0.5f * (LOADV(vectors, cellVectorIndex(g, CELL_UX, tail)) + LOADV(vectors, cellVectorIndex(g, CELL_UX, head)));
    const floatv uy = 0.5f * (LOADV(vectors, cellVectorIndex(g, CELL_UY, tail)) + LOADV(vectors, cellVectorIndex(g, CELL_UY, head)));
    const floatv across = -dy * ux + dx * uy;
    return sqrt(along * along + across * across);
}

// The new velocity of the faces of family f headed at `head` (VEC cells) from `tail`; 0 where both
// cells are dry.
inline floatv acceleratedSpeedV(Grid g, Momentum m, __global const float* speeds, __global const float* bed, __global const float* depth,
                                __global const float* vectors, __global const uchar* walls, int f, intv x, int y, int parity, int tail,
                                int head)
{
    const floatv hHead = LOADV(depth, head), hTail = LOADV(depth, tail);
    const intv dry = maxOfV(hHead, hTail) <= MOMENTUM_DRY_DEPTH; // nothing here to move
    const floatv surfaceDrop = (LOADV(bed, tail) + hTail) - (LOADV(bed, head) + hHead);
    const floatv speed = LOADV(speeds, f * plane(g) + head);
    const floatv faceDepth = 0.5f * (hHead + hTail);
    const float gOverL = m.gravity / m.pipeLength[f];
    floatv u = speed + m.dt * gOverL * surfaceDrop;
    const intv deep = faceDepth > MOMENTUM_DRY_DEPTH;
    u = deep ? u + advectionChangeV(g, m, speeds, vectors, walls, f, x, y, parity, head, speed, faceDepth) : u;
    if (m.eddyViscosity > 0.0f) u += m.dt * eddyDiffusionV(g, m, speeds, walls, f, x, y, parity, head, speed);
    const floatv next = applyFrictionV(m, u, faceSpeedV(g, vectors, f, tail, head, u), faceDepth);
    return dry ? (floatv)(0.0f) : next;
}

// The faces headed at VEC cells of a row of parity `parity` (a literal, see above).
inline void accelerateFacesOfRow(__global float* newFlows, __global float* newSpeeds, __global const float* speeds,
                                 __global const float* bed, __global const float* depth, __global const float* vectors,
                                 __global const uchar* walls, Grid grid, Momentum m, int x0, int y, int parity)
{
    const intv x = x0 + LANES;
    const intv cell = insideMap(grid, x, y);
    const int head = paddedIndex(grid, x0, y);
#pragma unroll
    for (int f = 0; f < FAMILY_COUNT; ++f) {
        const int2 t = tailOffset(f, parity);
        const intv interior = cell & insideMap(grid, x + t.x, y + t.y); // the others are boundary faces or no face
        const int tail = head + offsetIndex(grid, t);
        const floatv next = acceleratedSpeedV(grid, m, speeds, bed, depth, vectors, walls, f, x, y, parity, tail, head);
        dischargesFromVelocities(newFlows, newSpeeds, f * plane(grid) + head, interior, next, LOADV(bed, tail), LOADV(depth, tail), LOADV(bed, head),
                                 LOADV(depth, head), m.faceWidth[f], m);
    }
}

__kernel void accelerateInteriorFaces(__global float* newFlows, __global float* newSpeeds, __global const float* speeds,
                                      __global const float* bed, __global const float* depth, __global const float* vectors,
                                      __global const uchar* walls, Grid grid, Momentum m)
{
    const int x0 = get_global_id(0) * VEC, y = get_global_id(1);
    if (x0 >= grid.width || y >= grid.height) return;
    if (y & 1) accelerateFacesOfRow(newFlows, newSpeeds, speeds, bed, depth, vectors, walls, grid, m, x0, y, 1);
    else accelerateFacesOfRow(newFlows, newSpeeds, speeds, bed, depth, vectors, walls, grid, m, x0, y, 0);
}
