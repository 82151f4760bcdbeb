// CurrentDrift::moveOnce for every channel (the third dimension), one cell per work-item: the dye
// each of the cell's open faces moves (F·seconds of water at the upwind cell's concentration, times
// that cell's share when it would give more than its water) summed in double in the CPU's face
// order, then added to the dyed depth. Water from beyond the map is clean; what leaves through an
// open side is booked by bookCurrentOutflow. Concentrations: computeDyeConcentrations on the
// substep's start.
#ifdef DYE_KERNELS
// CurrentDrift's giveShare of a cell: the share of its outflow it can give in one substep.
inline float giveShare(__global const double* outflow, __global const float* depth, int cell, int substeps, DyeStep step)
{
    const double perSubstep = outflow[cell] / (double)substeps;
    const double water = (double)depth[cell] * step.cellArea;
    return perSubstep > water ? (float)(water / perSubstep) : 1.0f;
}

// What one face moves (m of dyed depth) from its upwind cell `from` (padded index).
inline double movedByFace(float flux, double seconds, float share, float concentration, DyeStep step)
{
    return fabs((double)flux) * seconds * (double)share * (double)concentration / step.cellArea;
}

// The face's change of the cell at (x, y), which is its head or its tail (0 if the face is closed,
// has no flux, or brings clean water from beyond the map).
inline double faceChange(float flux, int x, int y, int2 other, bool cellIsTail, __global const float* concentration,
                         __global const double* outflow, __global const float* depth, Grid grid, int substeps, double seconds, DyeStep step)
{
    if (flux == 0.0f || !wetForCurrent(depth, grid, x, y) || !wetForCurrent(depth, grid, other.x, other.y)) return 0.0;
    const bool givesHere = (flux > 0.0f) == cellIsTail; // this cell is upwind
    if (!givesHere && !contains(grid, other.x, other.y)) return 0.0;
    const int from = givesHere ? paddedIndex(grid, x, y) : paddedIndex(grid, other.x, other.y);
    const double moved = movedByFace(flux, seconds, giveShare(outflow, depth, from, substeps, step), concentration[from], step);
    return givesHere ? -moved : moved;
}

__kernel void driftDyeOnCurrent(__global float* dye, __global const float* concentrations, __global const float* currentFlows,
                                __global const double* outflow, __global const float* depth, Grid grid, DyeStep step,
                                __global const int* substepCount)
{
    const int x = get_global_id(0), y = get_global_id(1), channel = get_global_id(2);
    if (x >= grid.width || y >= grid.height) return;
    const int c = paddedIndex(grid, x, y), offset = channel * plane(grid);
    const int substeps = substepCount[0];
    const double seconds = step.dtSeconds / (double)substeps;
    __global const float* concentration = concentrations + offset;
    double change = 0.0;
    for (int f = 0; f < FAMILY_COUNT; ++f) {
        const int2 t = tailOffset(f, y), h = headOffset(f, y);
        const int2 tail = (int2)(x + t.x, y + t.y), head = (int2)(x + h.x, y + h.y);
        const float ending = currentFlows[f * plane(grid) + c], starting = currentFlows[f * plane(grid) + paddedIndex(grid, head.x, head.y)];
        const double endingChange = faceChange(ending, x, y, tail, false, concentration, outflow, depth, grid, substeps, seconds, step);
        const double startingChange = faceChange(starting, x, y, head, true, concentration, outflow, depth, grid, substeps, seconds, step);
        const bool endingFirst = faceBefore(x, y, head.x, head.y);
        change += endingFirst ? endingChange : startingChange;
        change += endingFirst ? startingChange : endingChange;
    }
    dye[offset + c] = (float)((double)dye[offset + c] + change);
}
#endif
