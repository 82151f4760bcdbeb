// CurrentDrift::planSubsteps, its per-cell half: one work-item per row, cells in order. A face
// carries the current only where both its cells hold water (a cell beyond the map counts as wet);
// each cell's outflow (m³ over the step) is summed in double over its faces in the CPU's face order
// (family, then the face's head row, then its column), into `outflow`; the row's largest outflow
// over the cell's water goes to `rowWorst` for countCurrentSubsteps.
#ifdef DYE_KERNELS
inline bool wetForCurrent(__global const float* depth, Grid grid, int x, int y)
{
    return !contains(grid, x, y) || depth[paddedIndex(grid, x, y)] > CURRENT_WET_DEPTH;
}

// Whether the face stored at (hx, hy) of `family` comes before the one stored at (kx, ky).
inline bool faceBefore(int hx, int hy, int kx, int ky) { return hy < ky || (hy == ky && hx < kx); }

// What the cell gives through one face: the face is open and the cell is its upwind end.
inline double outflowThrough(float flux, bool open, bool cellIsTail, double dt)
{
    if (flux == 0.0f || !open) return 0.0;
    return (flux > 0.0f) == cellIsTail ? fabs((double)flux) * dt : 0.0;
}

__kernel void planCurrentSubsteps(__global double* outflow, __global double* rowWorst, __global const float* currentFlows,
                                  __global const float* depth, Grid grid, DyeStep step)
{
    const int y = get_global_id(0);
    if (y >= grid.height) return;
    double worst = 0.0;
    for (int x = 0; x < grid.width; ++x) {
        const int c = paddedIndex(grid, x, y);
        double out = 0.0;
        for (int f = 0; f < FAMILY_COUNT; ++f) {
            const int2 t = tailOffset(f, y), h = headOffset(f, y);
            const float ending = currentFlows[f * plane(grid) + c];   // the face whose head is this cell
            const float starting = currentFlows[f * plane(grid) + c + offsetIndex(grid, h)]; // whose tail is
            const bool endingOpen = wetForCurrent(depth, grid, x + t.x, y + t.y) && wetForCurrent(depth, grid, x, y);
            const bool startingOpen = wetForCurrent(depth, grid, x, y) && wetForCurrent(depth, grid, x + h.x, y + h.y);
            const bool endingFirst = faceBefore(x, y, x + h.x, y + h.y);
            const double first = endingFirst ? outflowThrough(ending, endingOpen, false, step.dtSeconds) : outflowThrough(starting, startingOpen, true, step.dtSeconds);
            const double second = endingFirst ? outflowThrough(starting, startingOpen, true, step.dtSeconds) : outflowThrough(ending, endingOpen, false, step.dtSeconds);
            out += first; // +0 where the CPU adds no term: the same sum
            out += second;
        }
        outflow[c] = out;
        if (out > 0.0) {
            const double share = out / ((double)depth[c] * step.cellArea);
            worst = worst < share ? share : worst;
        }
    }
    rowWorst[y] = worst;
}
#endif
