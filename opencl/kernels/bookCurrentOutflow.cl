// CurrentDrift::moveOnce, the dye leaving through open sides: one work-item per channel, the faces
// with one end beyond the map in the CPU's face order, each open face whose upwind end is the map
// cell booked as boundaryOut in double as it comes (driftDyeOnCurrent takes that dye from the cell).
#ifdef DYE_KERNELS
typedef struct {
    uint flow; // into the current's flows (family plane included)
    int tail;  // padded index, −1 beyond the map
    int head;
} CurrentSideFace;

inline bool wetCellForCurrent(__global const float* depth, int cell) { return cell < 0 || depth[cell] > CURRENT_WET_DEPTH; }

__kernel void bookCurrentOutflow(__global double* ledgers, __global const CurrentSideFace* faces, int faceCount,
                                 __global const float* concentrations, __global const float* currentFlows, __global const double* outflow,
                                 __global const float* depth, Grid grid, DyeStep step, __global const int* substepCount)
{
    const int channel = get_global_id(0);
    const int substeps = substepCount[0];
    const double seconds = step.dtSeconds / (double)substeps;
    __global const float* concentration = concentrations + channel * plane(grid);
    __global double* boundaryOut = dyeLedgerSlot(ledgers, channel, DYE_LEDGER_BOUNDARY_OUT);
    for (int k = 0; k < faceCount; ++k) {
        const CurrentSideFace face = faces[k];
        const float flux = currentFlows[face.flow];
        if (flux == 0.0f || !wetCellForCurrent(depth, face.tail) || !wetCellForCurrent(depth, face.head)) continue;
        const int from = flux > 0.0f ? face.tail : face.head, to = flux > 0.0f ? face.head : face.tail;
        if (from < 0 || to >= 0) continue;
        const double moved = movedByFace(flux, seconds, giveShare(outflow, depth, from, substeps, step), concentration[from], step);
        *boundaryOut += moved * step.cellArea;
    }
}
#endif
