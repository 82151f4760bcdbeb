// DyeTransport::applySources, one work-item per channel, sources in order: a spring of the
// channel brings what it added to the replayed water (replayPointSourcesForDye), a drain takes the
// cell's water as it is; each booked as it happens, in double.
#ifdef DYE_KERNELS
__kernel void applyDyeSources(__global float* dye, __global const float* sourceDepths, __global const DyeSource* sources, int sourceCount,
                              Grid grid, DyeStep step, __global double* ledgers)
{
    const int channel = get_global_id(0), offset = channel * plane(grid);
    __global double* springs = dyeLedgerSlot(ledgers, channel, DYE_LEDGER_SPRINGS);
    __global double* drains = dyeLedgerSlot(ledgers, channel, DYE_LEDGER_DRAINS);
    for (int k = 0; k < sourceCount; ++k) {
        const DyeSource s = sources[k];
        const float sourceBefore = sourceDepths[2 * k], sourceAfter = sourceDepths[2 * k + 1];
        const int cell = offset + (int)s.cell;
        const float before = dye[cell];
        if (s.kind == SOURCE_SPRING) {
            if (s.channel == channel) dye[cell] += sourceAfter - sourceBefore;
            *springs += (double)(dye[cell] - before) * step.cellArea;
        } else {
            dye[cell] = sourceBefore > 0.0f ? dye[cell] * (sourceAfter / sourceBefore) : 0.0f;
            *drains += (double)(before - dye[cell]) * step.cellArea;
        }
    }
}
#endif
