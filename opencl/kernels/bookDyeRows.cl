// The row sums of the evaporated, clipped and decayed dye (sumDyeRows) into each channel's ledger
// (one work-item per channel), rows in order as DyeTransport::sumRows adds them, so the totals are
// the CPU's to the bit.
#ifdef DYE_KERNELS
inline double addRowsInOrder(__global const double* rows, int count)
{
    double total = 0.0;
    for (int r = 0; r < count; ++r) total += rows[r];
    return total;
}

__kernel void bookDyeRows(__global double* ledgers, __global const double* rowEvaporated, __global const double* rowClipped,
                          __global const double* rowDecayed, Grid grid, DyeStep step)
{
    const int channel = get_global_id(0), rows = channel * grid.height;
    *dyeLedgerSlot(ledgers, channel, DYE_LEDGER_EVAPORATION) += addRowsInOrder(rowEvaporated + rows, grid.height) * step.cellArea;
    *dyeLedgerSlot(ledgers, channel, DYE_LEDGER_CLIPPED) += addRowsInOrder(rowClipped + rows, grid.height) * step.cellArea;
    *dyeLedgerSlot(ledgers, channel, DYE_LEDGER_DECAYED) += addRowsInOrder(rowDecayed + rows, grid.height) * step.cellArea;
}
#endif
