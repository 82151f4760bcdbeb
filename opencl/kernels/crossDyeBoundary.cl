// DyeTransport::crossBoundary, one work-item per channel, edges in order: water entering through a
// boundary edge brings the edge's concentration, and evaporation takes the cell's share of that dye
// (the water's step counts the entering water before its weather, as advectAndEvaporateDye's share
// does); water leaving took its cell's (already moved by advectAndEvaporateDye). All booked in the
// channel's ledger in double, as the CPU books them (the evaporation before bookDyeRows adds the
// rows', as DyeTransport::step).
#ifdef DYE_KERNELS
__kernel void crossDyeBoundary(__global float* dye, __global const float* concentrations, __global const float* flows,
                               __global const DyeEdge* edges, int edgeCount, Grid grid, DyeStep step, __global double* ledgers,
                               __global const float* depthBefore)
{
    const int channel = get_global_id(0), offset = channel * plane(grid);
    double in = 0.0, out = 0.0, evaporated = 0.0;
    for (int i = 0; i < edgeCount; ++i) {
        const DyeEdge edge = edges[i];
        const float inflow = edge.inward * flows[edge.flow];
        const int cell = offset + (int)edge.cell;
        if (inflow > 0.0f) {
            const float arrived = step.dtOverArea * (inflow * edge.concentration[channel]);
            const int c = (int)edge.cell;
            const float kept = arrived * keptByWeather(replayedWetted(depthBefore, flows, grid, c, rowOfCell(grid, c), step), step);
            const float taken = arrived - kept;
            const float before = dye[cell];
            dye[cell] = before + kept;
            in += (double)(dye[cell] - before) + (double)taken;
            evaporated += (double)taken;
        } else {
            out += (double)(step.dtOverArea * (-inflow * concentrations[cell]));
        }
    }
    *dyeLedgerSlot(ledgers, channel, DYE_LEDGER_BOUNDARY_IN) += in * step.cellArea;
    *dyeLedgerSlot(ledgers, channel, DYE_LEDGER_BOUNDARY_OUT) += out * step.cellArea;
    *dyeLedgerSlot(ledgers, channel, DYE_LEDGER_EVAPORATION) += evaporated * step.cellArea;
}
#endif
