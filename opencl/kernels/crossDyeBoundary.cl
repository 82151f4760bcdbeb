// DyeTransport::crossBoundary, one work-item per channel, edges in order: water entering through a
// boundary edge brings the edge's concentration, water leaving took its cell's (already moved by
// advectAndEvaporateDye); both booked in the channel's ledger in double, as the CPU books them.
#ifdef DYE_KERNELS
__kernel void crossDyeBoundary(__global float* dye, __global const float* concentrations, __global const float* flows,
                               __global const DyeEdge* edges, int edgeCount, Grid grid, DyeStep step, __global double* ledgers)
{
    const int channel = get_global_id(0), offset = channel * plane(grid);
    double in = 0.0, out = 0.0;
    for (int i = 0; i < edgeCount; ++i) {
        const DyeEdge edge = edges[i];
        const float inflow = edge.inward * flows[edge.flow];
        const int cell = offset + (int)edge.cell;
        if (inflow > 0.0f) {
            const float before = dye[cell];
            dye[cell] = before + step.dtOverArea * (inflow * edge.concentration[channel]);
            in += (double)(dye[cell] - before);
        } else {
            out += (double)(step.dtOverArea * (-inflow * concentrations[cell]));
        }
    }
    __global double* boundaryIn = dyeLedgerSlot(ledgers, channel, DYE_LEDGER_BOUNDARY_IN);
    __global double* boundaryOut = dyeLedgerSlot(ledgers, channel, DYE_LEDGER_BOUNDARY_OUT);
    *boundaryIn += in * step.cellArea;
    *boundaryOut += out * step.cellArea;
}
#endif
