// The row sums of advectAndEvaporateDye and decayAndKeepDyeWithinWater into each channel's ledger
// (one work-item per channel), rows in order as DyeTransport::sumRows adds them, so the totals are
// the CPU's to the bit.
#ifdef DYE_KERNELS
inline double sumDyeRows(__global const double* rows, int count)
{
    double total = 0.0;
    for (int r = 0; r < count; ++r) total += rows[r];
    return total;
}

__kernel void bookDyeRows(__global double* ledgers, __global const double* rowEvaporated, __global const double* rowClipped,
                          __global const double* rowDecayed, Grid grid, DyeStep step)
{
    const int channel = get_global_id(0), rows = channel * grid.height;
    *dyeLedgerSlot(ledgers, channel, DYE_LEDGER_EVAPORATION) += sumDyeRows(rowEvaporated + rows, grid.height) * step.cellArea;
    *dyeLedgerSlot(ledgers, channel, DYE_LEDGER_CLIPPED) += sumDyeRows(rowClipped + rows, grid.height) * step.cellArea;
    *dyeLedgerSlot(ledgers, channel, DYE_LEDGER_DECAYED) += sumDyeRows(rowDecayed + rows, grid.height) * step.cellArea;
}
#endif
