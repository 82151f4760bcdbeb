// Shared by the dye kernels (core/transport/DyeTransport.cpp, the reference they mirror float
// operation for float operation, in the same order; FP_CONTRACT is off for the whole program).
// The ledgers are booked in double as the CPU books them, so the dye kernels need doubles: on a
// device without cl_khr_fp64 they are left out and the host carries the dye (ClSolverDye.cpp).
// DYE_CHANNELS and the DYE_LEDGER_* slots come from the host's contract (core/solver/StepContract.h).
#ifdef cl_khr_fp64
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
#define DYE_KERNELS 1

// DyeStepConstants, as DyeStepConstants::from works them out on the host.
typedef struct {
    double cellArea;
    double dtSeconds;
    float dtOverArea;
    float rainDepth;        // rain·dt
    float evaporationDepth; // evaporation·dt
    float decayFactor;      // 2^(−dt / half-life); 1 without decay
} DyeStep;

// DyeBoundaryEdge: water entering through it carries `concentration` of each channel.
typedef struct {
    uint flow;   // into the flow buffer (family plane included)
    uint cell;   // the interior cell, padded index
    float inward; // +1 when a positive family flow enters the map
    float concentration[DYE_CHANNELS];
} DyeEdge;

// DyeSource: a spring of `channel` (−1: clean water) or a drain.
typedef struct {
    uint cell;    // padded index
    int kind;     // SOURCE_SPRING or SOURCE_DRAIN
    float amount; // rate·dt/S in the CPU transport's operations (a float of the double quotient)
    int drainAll;
    int channel;
} DyeSource;

// std::clamp as the C++ standard defines it.
inline float clampOf(float v, float lo, float hi) { return v < lo ? lo : (hi < v ? hi : v); }

// The row of a cell's padded index.
inline int rowOfCell(Grid grid, int c) { return c / grid.pitch - 2; }

// replayWater at one cell (padded index c in row y), scalar: the water's continuity update, then
// the rain; the depth the weather acts on.
inline float replayedWetted(__global const float* depthBefore, __global const float* flows, Grid grid, int c, int y, DyeStep step)
{
    float net = 0.0f;
#pragma unroll
    for (int f = 0; f < FAMILY_COUNT; ++f) {
        const int q = f * plane(grid) + c;
        net += flows[q] - flows[q + offsetIndex(grid, headOffset(f, y))];
    }
    const float moved = depthBefore[c] + step.dtOverArea * net;
    return moved + step.rainDepth;
}

// What evaporation leaves of the wetted depth, and its share of it (replayWater's keptByWeather).
inline float afterEvaporation(float wetted, DyeStep step) { return wetted - minOf(wetted, step.evaporationDepth); }
inline float keptByWeather(float wetted, DyeStep step) { return wetted > 0.0f ? afterEvaporation(wetted, step) / wetted : 0.0f; }

// One channel's total of a DyeLedger, in the device's per-channel ledger rows.
inline __global double* dyeLedgerSlot(__global double* ledgers, int channel, int slot) { return ledgers + channel * DYE_LEDGER_SLOTS + slot; }

#endif
