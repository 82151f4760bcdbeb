// DyeTransport::advectAndEvaporate (with upwindFlux and the weather's share of replayWater): VEC
// cells of a row per work-item, every channel (the third dimension). Reads the channel at the
// step's start (`dyeIn`), writes the next state set (`dyeOut`) and, per cell, the dye evaporation
// took (`evaporated`, a channel plane of float terms that sumDyeRows adds up in the CPU's order).
// The ghost ring's concentrations are 0, as upwindFlux takes the cells beyond the map: the dye a
// boundary inflow brings, and the weather's share of it, are crossDyeBoundary's.
#ifdef DYE_KERNELS
// std::min for vectors (as minOf).
inline floatv minOfLanes(floatv a, floatv b) { return b < a ? b : a; }

__kernel void advectAndEvaporateDye(__global float* dyeOut, __global float* evaporated, __global const float* dyeIn,
                                    __global const float* concentrations, __global const float* depthBefore, __global const float* flows,
                                    Grid grid, DyeStep step)
{
    const int x0 = (int)get_global_id(0) * VEC, y = get_global_id(1), channel = get_global_id(2);
    if (x0 >= grid.width || y >= grid.height) return;
    const intv cell = insideMap(grid, x0 + LANES, y);
    const int c = paddedIndex(grid, x0, y), offset = channel * plane(grid);
    __global const float* concentration = concentrations + offset;
    const floatv own = LOADV(concentration, c);
    // upwindFlux: what the cell's edges bring in minus what they take out (m³/s of dyed water),
    // each edge's water carrying the concentration of the cell it comes from; and replayWater's net
    // flow of the water, from the same edges.
    floatv flux = 0.0f, net = 0.0f;
#pragma unroll
    for (int f = 0; f < FAMILY_COUNT; ++f) {
        const floatv entering = LOADV(flows, f * plane(grid) + c);
        const floatv tail = LOADV(concentration, c + offsetIndex(grid, tailOffset(f, y)));
        flux += entering * (entering > 0.0f ? tail : own);
        const int head = c + offsetIndex(grid, headOffset(f, y));
        const floatv leaving = LOADV(flows, f * plane(grid) + head);
        flux -= leaving * (leaving > 0.0f ? own : LOADV(concentration, head));
        net += entering - leaving;
    }
    // The share of the cell's water the weather left (replayWater's keptByWeather).
    const floatv water = LOADV(depthBefore, c) + step.dtOverArea * net;
    const floatv wetted = water + step.rainDepth;
    const floatv updated = wetted - minOfLanes(wetted, (floatv)(step.evaporationDepth));
    const floatv share = wetted > 0.0f ? updated / wetted : (floatv)(0.0f);

    const floatv moved = LOADV(dyeIn, offset + c) + step.dtOverArea * flux;
    const floatv kept = moved * share;
    STOREV(cell ? kept : LOADV(dyeOut, offset + c), dyeOut, offset + c);
    STOREV(cell ? moved - kept : (floatv)(0.0f), evaporated, offset + c);
}
#endif
