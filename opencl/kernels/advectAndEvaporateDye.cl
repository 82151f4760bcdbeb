// DyeTransport::advectAndEvaporate (with upwindFlux): one work-item per row and channel, cells in
// order, so each row's evaporated dye is summed in double in the CPU's order (into `rowEvaporated`,
// booked by bookDyeRows). Reads the channel at the step's start (`dyeIn`), writes the next state
// set (`dyeOut`); the ghost ring's concentrations are 0, as upwindFlux takes the cells beyond the map.
#ifdef DYE_KERNELS
// What the cell's edges bring in minus what they take out (m³/s of dyed water), each edge's water
// carrying the concentration of the cell it comes from.
inline float upwindDyeFlux(__global const float* flows, __global const float* concentration, Grid grid, int c, int y, float own)
{
    float flux = 0.0f;
    for (int f = 0; f < FAMILY_COUNT; ++f) {
        const float entering = flows[f * plane(grid) + c];
        const float tail = concentration[c + offsetIndex(grid, tailOffset(f, y))];
        flux += entering * (entering > 0.0f ? tail : own);
        const int head = c + offsetIndex(grid, headOffset(f, y));
        const float leaving = flows[f * plane(grid) + head];
        flux -= leaving * (leaving > 0.0f ? own : concentration[head]);
    }
    return flux;
}

__kernel void advectAndEvaporateDye(__global float* dyeOut, __global const float* dyeIn, __global const float* concentrations,
                                    __global const float* flows, __global const float* keptByWeather, Grid grid, DyeStep step,
                                    __global double* rowEvaporated)
{
    const int y = get_global_id(0), channel = get_global_id(1);
    if (y >= grid.height) return;
    const int offset = channel * plane(grid);
    __global const float* concentration = concentrations + offset;
    double evaporated = 0.0;
    for (int x = 0; x < grid.width; ++x) {
        const int c = paddedIndex(grid, x, y);
        const float moved = dyeIn[offset + c] + step.dtOverArea * upwindDyeFlux(flows, concentration, grid, c, y, concentration[c]);
        const float kept = moved * keptByWeather[c];
        evaporated += (double)(moved - kept);
        dyeOut[offset + c] = kept;
    }
    rowEvaporated[channel * grid.height + y] = evaporated;
}
#endif
