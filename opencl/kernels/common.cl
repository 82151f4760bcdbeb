// Shared by every kernel of the solver (prepended to the program at build time).
// The program is built once per lattice with FAMILY_COUNT (2 square, 3 triangle) defined, so the
// loops over families unroll and devices can vectorise across work-items.
#ifndef FAMILY_COUNT
#error "build with -DFAMILY_COUNT=2 or 3"
#endif
// Mirrors core/lattice/Lattice.h: edge families with row-parity dependent offsets, flows stored in
// one buffer, family after family, each (W+2)×(H+2) with a one-cell ghost ring at the head cell.

typedef struct {
    int tailEvenDx, tailEvenDy, tailOddDx, tailOddDy; // tail = head + offset, by head row parity
    int headEvenDx, headEvenDy, headOddDx, headOddDy; // head = tail + offset, by tail row parity
    float pipeLength, faceWidth;
} Family;

typedef struct {
    uint flowIndex;  // into the flow buffer (family offset included)
    uint cell;       // interior cell, row-major
    float inward;    // +1: positive family flow enters the map
    int type;        // 0 wall, 1 inflow, 2 sea, 3 outflow (BoundaryType's order)
    float value;     // sea level (m) or this edge's inflow (m³/s)
    int family;
} BoundaryEdge;

typedef struct {
    int width, height, families;
    float cellArea;
} Grid;

// Per-step ledger slots, filled by the kernels and summed on the host in double.
#define LEDGER_BOUNDARY_IN 0
#define LEDGER_BOUNDARY_OUT 1
#define LEDGER_RAIN 2
#define LEDGER_EVAPORATION 3
#define LEDGER_SPRINGS 4
#define LEDGER_DRAINS 5
#define LEDGER_SLOTS 6

// Work-group size of the reductions (a power of two).
#define REDUCTION_SIZE 256

inline int2 tailOffset(__constant const Family* f, int headRow)
{
    return (headRow & 1) ? (int2)(f->tailOddDx, f->tailOddDy) : (int2)(f->tailEvenDx, f->tailEvenDy);
}

inline int2 headOffset(__constant const Family* f, int tailRow)
{
    return (tailRow & 1) ? (int2)(f->headOddDx, f->headOddDy) : (int2)(f->headEvenDx, f->headEvenDy);
}

inline bool contains(Grid g, int x, int y) { return x >= 0 && y >= 0 && x < g.width && y < g.height; }
inline uint cellIndex(Grid g, int x, int y) { return (uint)y * (uint)g.width + (uint)x; }
inline uint paddedIndex(Grid g, int x, int y) { return (uint)(y + 1) * (uint)(g.width + 2) + (uint)(x + 1); }
inline uint paddedCount(Grid g) { return (uint)(g.width + 2) * (uint)(g.height + 2); }
inline uint flowIndex(Grid g, int family, int x, int y) { return (uint)family * paddedCount(g) + paddedIndex(g, x, y); }

inline float pipeArea(int depthPipes, float upwindDepth, float faceWidth, float constantArea)
{
    return depthPipes ? upwindDepth * faceWidth : constantArea;
}

inline float viscousDamping(float q, float upwindDepth, float viscosityTerm)
{
    const float h2 = upwindDepth * upwindDepth;
    return h2 > 0.0f ? q * (h2 / (h2 + viscosityTerm)) : q;
}

// Tree reduction of one float per work-item in local memory; work-item 0 gets the result.
// `op` 0: sum, 1: max.
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
