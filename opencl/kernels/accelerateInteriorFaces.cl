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

// The cells' beds and depths of VEC faces as the step began: which are free overfalls (IS_OVERFALL,
// StepContract.h's RB_IS_OVERFALL) of the faces headed at `head`, tail at `tail`.
inline intv isOverfallV(__global const float* bed, __global const float* depth, int head, int tail)
{
    const floatv bHead = LOADV(bed, head), hHead = LOADV(depth, head), bTail = LOADV(bed, tail), hTail = LOADV(depth, tail);
    return IS_OVERFALL(bHead, hHead, bTail, hTail, MOMENTUM_DRY_DEPTH);
}

// MomentumStep::overfallShare: the share of neighbour k, a free overfall, with the along-family
// component of v replaced by its own −Q/w (`perWidth`: its Q/w as the step began), capped at |Q/w|.
inline floatv overfallShareV(int parity, int k, int f, floatv vx, floatv vy, floatv perWidth)
{
    const float dx = FAMILY_DIRECTION_X[f], dy = FAMILY_DIRECTION_Y[f];
    const floatv along = -perWidth - (vx * dx + vy * dy);
    const floatv share = upwindShareV(parity, k, vx + along * dx, vy + along * dy);
    const floatv own = fabs(perWidth);
    return share < own ? share : own;
}

// One cell's share of the vectors between two faces (advectionChange): its discharge (q̃) and its
// velocity (ũ), added where the cell is on the map and counts (`counts` folds the
// along-the-family rule, known per neighbour).
typedef struct {
    floatv qx, qy, ux, uy, count;
} Between;

inline void addCell(Grid g, __global const float* vectors, intv x, int y, int index, bool counts, Between* v)
{
    if (!counts) return;
    const intv take = insideMap(g, x, y);
    v->qx = take ? v->qx + LOADV(vectors, cellVectorIndex(g, CELL_QX, index)) : v->qx;
    v->qy = take ? v->qy + LOADV(vectors, cellVectorIndex(g, CELL_QY, index)) : v->qy;
    v->ux = take ? v->ux + LOADV(vectors, cellVectorIndex(g, CELL_UX, index)) : v->ux;
    v->uy = take ? v->uy + LOADV(vectors, cellVectorIndex(g, CELL_UY, index)) : v->uy;
    v->count = take ? v->count + 1.0f : v->count;
}

// MomentumStep's UpstreamSums: Σ s_k and Σ s_k·(U − U_k) over the upstream neighbours.
typedef struct {
    floatv weights, weighted;
} UpstreamSums;

inline void addUpstream(UpstreamSums* sums, intv counts, floatv share, floatv difference)
{
    const intv upstream = counts & !(share <= 0.0f);
    sums->weights = upstream ? sums->weights + share : sums->weights;
    sums->weighted = upstream ? sums->weighted + share * difference : sums->weighted;
}

inline floatv limitedChange(UpstreamSums sums, floatv rate) { return -minOfV(rate, 1.0f / sums.weights) * sums.weighted; }

// MomentumStep::addOverfallChange where `overfall`: neighbour k's usual share (where upstream) out of
// the discharge's sums, overfallShareV's (where upstream) in, as one difference, after the usual sums.
inline void addOverfallChange(UpstreamSums* sums, intv overfall, int parity, int k, int f, floatv vx, floatv vy, floatv perWidth,
                              floatv difference)
{
    const floatv usual = upwindShareV(parity, k, vx, vy), replaced = overfallShareV(parity, k, f, vx, vy, perWidth);
    const floatv change = (replaced > 0.0f ? replaced : (floatv)(0.0f)) - (usual > 0.0f ? usual : (floatv)(0.0f));
    sums->weights = overfall ? sums->weights + change : sums->weights;
    sums->weighted = overfall ? sums->weighted + change * difference : sums->weighted;
}

// MomentumStep::advectionChange for the faces of family f headed at columns x of row y (parity a
// literal: every offset below is then a constant): the momentum form from the upstream shares of
// the discharges, the energy-head form from those of the velocities where the flow accelerates.
inline floatv advectionChangeV(Grid g, Momentum m, __global const float* speeds, __global const float* vectors, __global const uchar* walls,
                               __global const float* bed, __global const float* depth, __global const float* flows, int f, intv x, int y,
                               int parity, int head, floatv speed, floatv faceDepth)
{
    const int2 t = tailOffset(f, parity);
    const int tail = head + t.y * g.pitch + t.x;
    intv missing = (intv)(0); // lanes whose neighbour k is not an open face: bit k
    UpstreamSums byDischarge = {(floatv)(0.0f), (floatv)(0.0f)}, byVelocity = byDischarge;
    // per neighbour, for the overfall rule after the usual sums: −q̃, U − U_k, its Q/w, and whether it is a free overfall
    floatv upstreamX[NEIGHBOUR_COUNT], upstreamY[NEIGHBOUR_COUNT], differences[NEIGHBOUR_COUNT], perWidths[NEIGHBOUR_COUNT];
    intv overfalls[NEIGHBOUR_COUNT];
#pragma unroll
    for (int k = 0; k < NEIGHBOUR_COUNT; ++k) {
        const int dx = NEIGHBOUR_DX[parity][k], dy = NEIGHBOUR_DY[parity][k];
        const int neighbour = head + dy * g.pitch + dx;
        const intv open = isOpenFaceV(g, walls, f, x + dx, y + dy, neighbour);
        const int2 nt = tailOffset(f, parity + dy); // the neighbour's row parity
        const bool behind = dx == t.x && dy == t.y;            // the neighbour's head is our tail
        const bool ahead = dx + nt.x == 0 && dy + nt.y == 0;   // the neighbour's tail is our head
        Between v = {(floatv)(0.0f), (floatv)(0.0f), (floatv)(0.0f), (floatv)(0.0f), (floatv)(0.0f)};
        addCell(g, vectors, x, y, head, !behind, &v);
        addCell(g, vectors, x + t.x, y + t.y, head + t.y * g.pitch + t.x, !ahead, &v);
        addCell(g, vectors, x + dx, y + dy, neighbour, !behind && !ahead, &v);
        addCell(g, vectors, x + dx + nt.x, y + dy + nt.y, neighbour + nt.y * g.pitch + nt.x, !behind && !ahead, &v);
        const intv counts = open & (v.count != 0.0f);
        missing = open ? missing : missing | (intv)(1 << k);
        // the neighbour face's own cells, both on the map (rows checked here, columns per lane)
        const int theirTailRow = y + dy + nt.y;
        intv overfall = (intv)(0);
        if (y + dy >= 0 && y + dy < g.height && theirTailRow >= 0 && theirTailRow < g.height) {
            const int theirTail = neighbour + nt.y * g.pitch + nt.x;
            overfall = insideMap(g, x + dx, y + dy) & insideMap(g, x + dx + nt.x, theirTailRow) & isOverfallV(bed, depth, neighbour, theirTail);
        }
        const floatv difference = speed - LOADV(speeds, f * plane(g) + neighbour);
        upstreamX[k] = -v.qx / v.count, upstreamY[k] = -v.qy / v.count, differences[k] = difference;
        perWidths[k] = LOADV(flows, f * plane(g) + neighbour) / m.faceWidth[f];
        overfalls[k] = counts & overfall;
        addUpstream(&byDischarge, counts, upwindShareV(parity, k, -v.qx / v.count, -v.qy / v.count), difference);
        addUpstream(&byVelocity, counts, upwindShareV(parity, k, -v.ux / v.count, -v.uy / v.count), difference);
    }
    // Free overfalls among the neighbours (MomentumStep::advectionChange, rule (a)): after the usual sums.
#pragma unroll
    for (int k = 0; k < NEIGHBOUR_COUNT; ++k)
        addOverfallChange(&byDischarge, overfalls[k], parity, k, f, upstreamX[k], upstreamY[k], perWidths[k], differences[k]);
    // A free overfall beside a wall or the map's edge: the water beyond at rest, with the shares of
    // the tail cell's flow (MomentumStep::advectionChange, after the open neighbours).
    const intv faceOverfall = isOverfallV(bed, depth, head, tail);
    const floatv qxTail = LOADV(vectors, cellVectorIndex(g, CELL_QX, tail)), qyTail = LOADV(vectors, cellVectorIndex(g, CELL_QY, tail));
    const floatv uxTail = LOADV(vectors, cellVectorIndex(g, CELL_UX, tail)), uyTail = LOADV(vectors, cellVectorIndex(g, CELL_UY, tail));
#pragma unroll
    for (int k = 0; k < NEIGHBOUR_COUNT; ++k) {
        const intv beyond = faceOverfall & ((missing & (intv)(1 << k)) != 0);
        addUpstream(&byDischarge, beyond, upwindShareV(parity, k, -qxTail, -qyTail), speed);
        addUpstream(&byVelocity, beyond, upwindShareV(parity, k, -uxTail, -uyTail), speed);
    }
    // U beyond the energy-head form's upstream mean, on the same side of zero (MomentumStep::advectionChange)
    const floatv upstreamMean = speed - byVelocity.weighted / byVelocity.weights;
    const intv energyForm = (byVelocity.weights > 0.0f) & (byVelocity.weighted * speed > 0.0f) & !(upstreamMean * speed < 0.0f);
    const floatv momentumForm = byDischarge.weights <= 0.0f ? (floatv)(0.0f) : limitedChange(byDischarge, m.dt / (faceDepth * m.pipeLength[f]));
    return energyForm ? limitedChange(byVelocity, (floatv)(m.dt / m.pipeLength[f])) : momentumForm;
}

#if MOMENTUM_CONE != 0
// vx·ay − vy·ax for a constant direction a, with the product by a zero component left out: it is a
// zero, which leaves a nonzero difference as it is, and the 60° cones below never look at a zero's
// sign (≥ 0, > 0 and == 0 treat both alike, and a zero share is +0 either way).
inline floatv crossWithV(floatv vx, floatv vy, float ax, float ay)
{
    return ax == 0.0f ? vx * ay : (ay == 0.0f ? -(vy * ax) : vx * ay - vy * ax);
}

// MomentumFusedStep's upwind share (AxisCone, WideCone): upwindShareV where positive, else 0, with
// fewer operations and the same bits for finite vectors (a call whose state is not finite is refused).
inline floatv upstreamShareV(int parity, int k, floatv vx, floatv vy)
{
    const float ox = NEIGHBOUR_DIRECTION_X[parity][k], oy = NEIGHBOUR_DIRECTION_Y[parity][k];
#if MOMENTUM_CONE == 1
    // The neighbour and its cone partners on the axes: v·o is ±vx or ±vy exactly where it is not
    // zero (the other product is a zero), and a zero's share is +0 either way; so only the one
    // component is read, and the other's means are never computed (MomentumFusedStep's SquareCone).
    const floatv along = ox != 0.0f ? vx * ox : vy * oy;
    return along > 0.0f ? along : (floatv)(0.0f);
#else
    const int next = NEIGHBOUR_NEXT[parity][k], previous = NEIGHBOUR_PREVIOUS[parity][k];
    const float nextX = NEIGHBOUR_DIRECTION_X[parity][next], nextY = NEIGHBOUR_DIRECTION_Y[parity][next];
    const float previousX = NEIGHBOUR_DIRECTION_X[parity][previous], previousY = NEIGHBOUR_DIRECTION_Y[parity][previous];
    const float toNext = NEIGHBOUR_INVERSE_CROSS_TO_NEXT[parity][k], fromPrevious = NEIGHBOUR_INVERSE_CROSS_FROM_PREVIOUS[parity][k];
    const floatv a = crossWithV(vx, vy, nextX, nextY) * toNext;
    const floatv cross = -crossWithV(vx, vy, ox, oy); // o × v: one cross product decides both cones (60° cones)
    const floatv c = -crossWithV(vx, vy, previousX, previousY) * fromPrevious;
    const intv inNextCone = (cross > 0.0f) | ((cross == 0.0f) & (a >= 0.0f));
    const floatv share = inNextCone ? a : c;
    return share > 0.0f ? share : (floatv)(0.0f);
#endif
}

// advectionChangeV, and eddyDiffusionV's sum, for work-items whose faces are all at least two cells
// from the map's edge (MomentumFusedStep's fast interior, operation for operation): every neighbour
// is open and on the map, so there are no masks; the along-family neighbours take their one shared
// cell, the others the mean of four cells with the face's own two summed once; a neighbour that is
// not upstream adds exact zeros (the sums start at +0 and can never become −0).
inline floatv interiorAdvectionChangeV(Grid g, Momentum m, __global const float* speeds, __global const float* vectors, int f, int parity,
                                       int head, floatv speed, floatv faceDepth, floatv* differences)
{
    const int2 t = tailOffset(f, parity);
    const int tail = head + t.y * g.pitch + t.x;
    const floatv qxHead = LOADV(vectors, cellVectorIndex(g, CELL_QX, head)), qyHead = LOADV(vectors, cellVectorIndex(g, CELL_QY, head));
    const floatv uxHead = LOADV(vectors, cellVectorIndex(g, CELL_UX, head)), uyHead = LOADV(vectors, cellVectorIndex(g, CELL_UY, head));
    const floatv qxTail = LOADV(vectors, cellVectorIndex(g, CELL_QX, tail)), qyTail = LOADV(vectors, cellVectorIndex(g, CELL_QY, tail));
    const floatv uxTail = LOADV(vectors, cellVectorIndex(g, CELL_UX, tail)), uyTail = LOADV(vectors, cellVectorIndex(g, CELL_UY, tail));
    const floatv qxFace = (0.0f + qxHead) + qxTail, qyFace = (0.0f + qyHead) + qyTail;
    const floatv uxFace = (0.0f + uxHead) + uxTail, uyFace = (0.0f + uyHead) + uyTail;
    floatv weights = 0.0f, weighted = 0.0f, velocityWeights = 0.0f, velocityWeighted = 0.0f, sum = 0.0f;
#pragma unroll
    for (int k = 0; k < NEIGHBOUR_COUNT; ++k) {
        const int dx = NEIGHBOUR_DX[parity][k], dy = NEIGHBOUR_DY[parity][k];
        const int neighbour = head + dy * g.pitch + dx;
        const int2 nt = tailOffset(f, parity + dy); // the neighbour's row parity
        const bool behind = dx == t.x && dy == t.y;          // the neighbour's head is our tail
        const bool ahead = dx + nt.x == 0 && dy + nt.y == 0; // the neighbour's tail is our head
        floatv qx, qy, ux, uy; // −(the upstream discharge and velocity between the two faces)
        if (behind) {
            qx = -(0.0f + qxTail), qy = -(0.0f + qyTail), ux = -(0.0f + uxTail), uy = -(0.0f + uyTail);
        } else if (ahead) {
            qx = -(0.0f + qxHead), qy = -(0.0f + qyHead), ux = -(0.0f + uxHead), uy = -(0.0f + uyHead);
        } else {
            const int theirTail = neighbour + nt.y * g.pitch + nt.x;
            qx = -((qxFace + LOADV(vectors, cellVectorIndex(g, CELL_QX, neighbour))) + LOADV(vectors, cellVectorIndex(g, CELL_QX, theirTail))) / 4.0f;
            qy = -((qyFace + LOADV(vectors, cellVectorIndex(g, CELL_QY, neighbour))) + LOADV(vectors, cellVectorIndex(g, CELL_QY, theirTail))) / 4.0f;
            ux = -((uxFace + LOADV(vectors, cellVectorIndex(g, CELL_UX, neighbour))) + LOADV(vectors, cellVectorIndex(g, CELL_UX, theirTail))) / 4.0f;
            uy = -((uyFace + LOADV(vectors, cellVectorIndex(g, CELL_UY, neighbour))) + LOADV(vectors, cellVectorIndex(g, CELL_UY, theirTail))) / 4.0f;
        }
        const floatv theirSpeed = LOADV(speeds, f * plane(g) + neighbour);
        const floatv byDischarge = upstreamShareV(parity, k, qx, qy), byVelocity = upstreamShareV(parity, k, ux, uy);
        const floatv difference = speed - theirSpeed;
        weights = weights + byDischarge;
        weighted = weighted + byDischarge * difference;
        velocityWeights = velocityWeights + byVelocity;
        velocityWeighted = velocityWeighted + byVelocity * difference;
        sum = sum + (theirSpeed - speed);
    }
    *differences = sum;
    const floatv momentumChange = -minOfV(m.dt / (faceDepth * m.pipeLength[f]), 1.0f / weights) * weighted;
    const floatv energyChange = -minOfV((floatv)(m.dt / m.pipeLength[f]), 1.0f / velocityWeights) * velocityWeighted;
    const floatv upstreamMean = speed - velocityWeighted / velocityWeights; // the energy-head form's
    const intv energyForm = (velocityWeights > 0.0f) & (velocityWeighted * speed > 0.0f) & !(upstreamMean * speed < 0.0f); // accelerating
    const floatv momentumForm = weights > 0.0f ? momentumChange : (floatv)(0.0f);
    return energyForm ? energyChange : momentumForm;
}
#endif

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
// cells are dry. `farFromEdge` (a literal): every lane's face is at least two cells from the map's edge.
inline floatv acceleratedSpeedV(Grid g, Momentum m, __global const float* speeds, __global const float* bed, __global const float* depth,
                                __global const float* vectors, __global const uchar* walls, __global const float* flows, int f, intv x, int y,
                                int parity, int tail, int head, bool farFromEdge)
{
    const floatv hHead = LOADV(depth, head), hTail = LOADV(depth, tail);
    const floatv bHead = LOADV(bed, head), bTail = LOADV(bed, tail);
    const intv dry = maxOfV(hHead, hTail) <= MOMENTUM_DRY_DEPTH; // nothing here to move
#if VEC == 1
    if (dry) return 0.0f; // dry land: what the selects below give, without the work
#else
    if (all(dry)) return (floatv)(0.0f);
#endif
    const floatv surfaceDrop = (bTail + hTail) - (bHead + hHead);
    const floatv speed = LOADV(speeds, f * plane(g) + head);
    const floatv faceDepth = movingDepthV(hHead, hTail, bHead, bTail);
    const float gOverL = m.gravity / m.pipeLength[f];
    floatv u = speed + m.dt * gOverL * surfaceDrop;
    const intv deep = faceDepth > MOMENTUM_DRY_DEPTH;
#if MOMENTUM_CONE != 0
    if (farFromEdge) {
        floatv differences;
        const floatv advection = interiorAdvectionChangeV(g, m, speeds, vectors, f, parity, head, speed, faceDepth, &differences);
        u = deep ? u + advection : u;
        if (m.eddyViscosity > 0.0f) u += m.dt * (m.eddyViscosity * m.laplacian * differences);
    } else
#endif
    {
        u = deep ? u + advectionChangeV(g, m, speeds, vectors, walls, bed, depth, flows, f, x, y, parity, head, speed, faceDepth) : u;
        if (m.eddyViscosity > 0.0f) u += m.dt * eddyDiffusionV(g, m, speeds, walls, f, x, y, parity, head, speed);
    }
    const floatv next = applyFrictionV(m, u, faceSpeedV(g, vectors, f, tail, head, u), faceDepth);
    return dry ? (floatv)(0.0f) : next;
}

// The faces headed at VEC cells of a row of parity `parity` (a literal, see above).
inline void accelerateFacesOfRow(__global float* newFlows, __global float* newSpeeds, __global const float* speeds,
                                 __global const float* bed, __global const float* depth, __global const float* vectors,
                                 __global const uchar* walls, __global const float* flows, Grid grid, Momentum m, int x0, int y, int parity,
                                 bool farFromEdge)
{
    const intv x = x0 + LANES;
    const intv cell = insideMap(grid, x, y);
    const int head = paddedIndex(grid, x0, y);
#pragma unroll
    for (int f = 0; f < FAMILY_COUNT; ++f) {
        const int2 t = tailOffset(f, parity);
        const intv interior = farFromEdge ? (intv)(-1) : cell & insideMap(grid, x + t.x, y + t.y); // the others are boundary faces or no face
        const int tail = head + offsetIndex(grid, t);
        const floatv next = acceleratedSpeedV(grid, m, speeds, bed, depth, vectors, walls, flows, f, x, y, parity, tail, head, farFromEdge);
        dischargesFromVelocities(newFlows, newSpeeds, f * plane(grid) + head, interior, next, LOADV(bed, tail), LOADV(depth, tail), LOADV(bed, head),
                                 LOADV(depth, head), m.faceWidth[f], m);
    }
}

// Whether a face of some family headed at the VEC cells of row y (all at least two cells from the
// map's edge) takes advection and has a free overfall among its neighbours: the fast interior
// knows no overfall, so such work-items take the general path, which applies the rule
// (MomentumFusedStep's redoBesideOverfalls). A dry or too thin face takes no advection, so the
// rule cannot change it (every dry slope is an "overfall" by the test).
inline bool overfallBeside(Grid g, __global const float* bed, __global const float* depth, int head, int parity)
{
    intv found = (intv)(0);
    for (int f = 0; f < FAMILY_COUNT; ++f) {
        const int2 t = tailOffset(f, parity);
        const int tail = head + t.y * g.pitch + t.x;
        const floatv hHead = LOADV(depth, head), hTail = LOADV(depth, tail), bHead = LOADV(bed, head), bTail = LOADV(bed, tail);
        const intv advects = (maxOfV(hHead, hTail) > MOMENTUM_DRY_DEPTH) & (movingDepthV(hHead, hTail, bHead, bTail) > MOMENTUM_DRY_DEPTH);
        for (int k = 0; k < NEIGHBOUR_COUNT; ++k) {
            const int dx = NEIGHBOUR_DX[parity][k], dy = NEIGHBOUR_DY[parity][k];
            const int2 nt = tailOffset(f, parity + dy);
            const int neighbour = head + dy * g.pitch + dx;
            found |= advects & isOverfallV(bed, depth, neighbour, neighbour + nt.y * g.pitch + nt.x);
        }
    }
#if VEC == 1
    return found != 0;
#else
    return any(found);
#endif
}

__kernel void accelerateInteriorFaces(__global float* newFlows, __global float* newSpeeds, __global const float* speeds,
                                      __global const float* bed, __global const float* depth, __global const float* vectors,
                                      __global const uchar* walls, Grid grid, Momentum m, __global const float* flows)
{
    const int x0 = get_global_id(0) * VEC, y = get_global_id(1);
    if (x0 >= grid.width || y >= grid.height) return;
    // MomentumFusedStep's margin: two cells from the edge no stencil meets a wall or the ghost ring.
    const bool farFromEdge = x0 >= 2 && x0 + VEC <= grid.width - 2 && y >= 2 && y < grid.height - 2 &&
                             !overfallBeside(grid, bed, depth, paddedIndex(grid, x0, y), y & 1);
    if (farFromEdge && (y & 1)) accelerateFacesOfRow(newFlows, newSpeeds, speeds, bed, depth, vectors, walls, flows, grid, m, x0, y, 1, true);
    else if (farFromEdge) accelerateFacesOfRow(newFlows, newSpeeds, speeds, bed, depth, vectors, walls, flows, grid, m, x0, y, 0, true);
    else if (y & 1) accelerateFacesOfRow(newFlows, newSpeeds, speeds, bed, depth, vectors, walls, flows, grid, m, x0, y, 1, false);
    else accelerateFacesOfRow(newFlows, newSpeeds, speeds, bed, depth, vectors, walls, flows, grid, m, x0, y, 0, false);
}
