// Shared by every kernel of the solver (prepended to the program at build time, after a short
// header the host writes: VEC, FAMILY_COUNT and the families' neighbour offsets as
// TAIL_DX/TAIL_DY/HEAD_DX/HEAD_DY[family][row parity]). Offsets known at build time put every
// neighbour at a fixed distance in memory, so a row's neighbours are plain (vector) loads.
#ifndef FAMILY_COUNT
#error "the host prepends the lattice header (FAMILY_COUNT, offsets)"
#endif
// Float contraction off, as in the CPU solver, so both give the same roundings.
#pragma OPENCL FP_CONTRACT OFF

// Every field is padded like the CPU solver's flows, with a one-cell ghost ring, so a neighbour of
// any map cell has an index, with no clamping; rows have a pitch that is a multiple of VEC, and
// each field (each family's plane of flows) has a spare row before and after, so a vector that
// overhangs the ring still reads inside the buffer. Cell (x, y) is at (y + 2)·pitch + x + 1.
// Flows: one plane per family, an edge stored at its head cell, positive from tail to head.
// Depth and bed hold 0 outside the map.
//
// Work-items handle VEC consecutive cells of a row as one vector (VEC 1 on GPUs, 16 on CPU
// devices, where PoCL left the kernels scalar when it had to vectorise the work-item loop itself):
// the code is written once for both, with the vector types below. Lanes past the end of a row
// compute like the others and then store back what was there (or the ring's value).
#ifndef VEC
#error "the host defines VEC"
#endif
#if VEC == 1
typedef float floatv;
typedef int intv;
#define LOADV(p, i) ((p)[i])
#define STOREV(v, p, i) ((p)[i] = (v))
#define LANES 0
inline float sumLanes(float v) { return v; }
inline float maxLanes(float v) { return v; }
#elif VEC == 8
typedef float8 floatv;
typedef int8 intv;
#define LOADV(p, i) vload8(0, (p) + (i))
#define STOREV(v, p, i) vstore8((v), 0, (p) + (i))
#define LANES ((int8)(0, 1, 2, 3, 4, 5, 6, 7))
inline float sumLanes(float8 v) { const float4 a = v.lo + v.hi; const float2 b = a.lo + a.hi; return b.x + b.y; }
inline float maxLanes(float8 v) { const float4 a = fmax(v.lo, v.hi); const float2 b = fmax(a.lo, a.hi); return fmax(b.x, b.y); }
#elif VEC == 16
typedef float16 floatv;
typedef int16 intv;
#define LOADV(p, i) vload16(0, (p) + (i))
#define STOREV(v, p, i) vstore16((v), 0, (p) + (i))
#define LANES ((int16)(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15))
inline float sumLanes(float16 v) { const float8 a = v.lo + v.hi; const float4 b = a.lo + a.hi; const float2 c = b.lo + b.hi; return c.x + c.y; }
inline float maxLanes(float16 v) { const float8 a = fmax(v.lo, v.hi); const float4 b = fmax(a.lo, a.hi); const float2 c = fmax(b.lo, b.hi); return fmax(c.x, c.y); }
#else
#error "VEC must be 1, 8 or 16"
#endif

typedef struct {
    uint flowIndex;  // into the flow buffer (family plane included)
    uint cell;       // interior cell, padded index
    float inward;    // +1: positive family flow enters the map
    int type;        // BOUNDARY_WALL, _INFLOW, _SEA or _OUTFLOW
    float value;     // sea level (m) or this edge's inflow (m³/s)
    int family;
} BoundaryEdge;

typedef struct {
    int width, height;
    int pitch;      // row pitch of every field
    int plane;      // elements per field (and per family in the flows)
    float cellArea;
} Grid;

// What the step needs per family, computed on the host in the CPU solver's float operations.
typedef struct {
    float gdtOverLength[3]; // gravity·dt / pipe length (the interior edges' order of operations)
    float pipeLength[3];    // the boundary edges divide by it after multiplying, as the CPU solver does
    float faceWidth[3];
    float dt, gravity;
    float frictionFactor;   // (1 − friction)^dt
    float viscosityTerm;    // 3·dt·ν
    float constantArea;
    int depthPipes;
} Pipes;

// The per-step ledger slots (LEDGER_*), the reductions' work-group size and strips
// (REDUCTION_SIZE, REDUCTION_STRIPS), BOUNDARY_* and SOURCE_* (the host's enums), SCALE_MARGIN,
// WET_DEPTH and MOMENTUM_DRY_DEPTH come from the host's contract (core/solver/StepContract.h).
#ifndef REDUCTION_STRIPS
#error "the host prepends the contract header (core/solver/StepContract.h)"
#endif

inline int2 tailOffset(int family, int headRow) { return (int2)(TAIL_DX[family][headRow & 1], TAIL_DY[family][headRow & 1]); }
inline int2 headOffset(int family, int tailRow) { return (int2)(HEAD_DX[family][tailRow & 1], HEAD_DY[family][tailRow & 1]); }

inline bool contains(Grid g, int x, int y) { return x >= 0 && y >= 0 && x < g.width && y < g.height; }
inline int paddedIndex(Grid g, int x, int y) { return (y + 2) * g.pitch + (x + 1); }
inline int plane(Grid g) { return g.plane; }
inline int offsetIndex(Grid g, int2 offset) { return offset.y * g.pitch + offset.x; }

// Lanes x of row y inside the map, as a mask the vector ?: understands (all bits set when true).
inline intv insideMap(Grid g, intv x, int y)
{
    const intv columns = (x >= 0) & (x < g.width);
    return (y >= 0 && y < g.height) ? columns : (intv)(0);
}

inline float pipeArea(Pipes p, int family, float upwindDepth)
{
    return p.depthPipes ? upwindDepth * p.faceWidth[family] : p.constantArea;
}

inline float viscousDamping(float q, float upwindDepth, float viscosityTerm)
{
    const float h2 = upwindDepth * upwindDepth;
    const float damped = q * (h2 / (h2 + viscosityTerm)); // computed either way: no branch
    return h2 > 0.0f ? damped : q;
}

// PipeStep::accelerateFlows for VEC interior edges: the flow after friction and the push of the
// surface drop from tail to head (depth pipes take the cross-section of the higher side).
inline floatv accelerateFlow(Pipes p, int family, floatv q, floatv tailBed, floatv tailDepth, floatv headBed, floatv headDepth)
{
    const floatv drop = (tailBed + tailDepth) - (headBed + headDepth);
    const floatv upwind = drop > 0.0f ? tailDepth : headDepth;
    const floatv area = p.depthPipes ? upwind * p.faceWidth[family] : (floatv)(p.constantArea);
    const floatv accelerated = q * p.frictionFactor + p.gdtOverLength[family] * area * drop;
    if (p.viscosityTerm <= 0.0f) return accelerated;
    const floatv damping = accelerated > 0.0f ? tailDepth : headDepth;
    const floatv h2 = damping * damping;
    const floatv damped = accelerated * (h2 / (h2 + p.viscosityTerm)); // computed either way: no branch
    return h2 > 0.0f ? damped : accelerated;
}

// Sum of one float per work-item of a work-group; work-item 0 gets the result. The work-items
// store, then a few sum strips and one sums those: two barriers, cheap on CPU devices (where a
// tree of barriers costs a pass over the group per level) and short on GPUs.
inline float sumLocal(__local float* scratch, float value)
{
    const uint lid = get_local_id(0) + get_local_id(1) * get_local_size(0);
    const uint size = get_local_size(0) * get_local_size(1);
    scratch[lid] = value;
    barrier(CLK_LOCAL_MEM_FENCE);
    const uint strips = REDUCTION_STRIPS, strip = size / strips;
    if (lid < strips) {
        float sum = 0.0f;
        for (uint i = 0; i < strip; ++i) sum += scratch[lid * strip + i];
        scratch[size + lid] = sum;
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    float total = 0.0f;
    if (lid == 0)
        for (uint i = 0; i < strips; ++i) total += scratch[size + i];
    barrier(CLK_LOCAL_MEM_FENCE);
    return total;
}

// What rain and evaporation changed in a work-group's cells, into groupSums (two per group) for
// sumGroupLedger. Every work-item of the group calls it (it holds barriers).
inline void storeWeatherSums(__global float* groupSums, __local float* scratch, float rained, float evaporated)
{
    rained = sumLocal(scratch, rained);
    evaporated = sumLocal(scratch, evaporated);
    if (get_local_id(0) == 0 && get_local_id(1) == 0) {
        const uint group = get_group_id(1) * get_num_groups(0) + get_group_id(0);
        groupSums[2 * group] = rained;
        groupSums[2 * group + 1] = evaporated;
    }
}

// Tree reduction of one float per work-item in local memory; work-item 0 gets the result.
// `op` 0: sum, 1: max. For the small one-group kernels.
inline float reduceLocal(__local float* scratch, float value, int op)
{
    const uint lid = get_local_id(0) + get_local_id(1) * get_local_size(0);
    const uint size = get_local_size(0) * get_local_size(1);
    scratch[lid] = value;
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint stride = size / 2; stride > 0; stride /= 2) {
        if (lid < stride) scratch[lid] = op == 0 ? scratch[lid] + scratch[lid + stride] : fmax(scratch[lid], scratch[lid + stride]);
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    const float result = scratch[0];
    barrier(CLK_LOCAL_MEM_FENCE);
    return result;
}
