// Springs and drains at their cells, in list order (PipeStep::applyPointSourceAt for each): a single
// work-item, since there are few and two may share a cell.
typedef struct {
    uint cell; // padded index
    int kind; // SOURCE_SPRING or SOURCE_DRAIN
    float depthPerStep; // rate·dt/S
    int drainAll;
} SourceCell;

__kernel void applyPointSources(__global float* depth, __global const SourceCell* sources, int sourceCount,
                                __global float* stepLedger, int step)
{
    float springs = 0.0f, drains = 0.0f;
    for (int i = 0; i < sourceCount; ++i) {
        const SourceCell s = sources[i];
        const float before = depth[s.cell];
        if (s.kind == SOURCE_SPRING) {
            depth[s.cell] = before + s.depthPerStep;
            springs += depth[s.cell] - before;
        } else {
            depth[s.cell] = before - (s.drainAll ? before : fmin(before, s.depthPerStep));
            drains += before - depth[s.cell];
        }
    }
    stepLedger[step * LEDGER_SLOTS + LEDGER_SPRINGS] = springs;
    stepLedger[step * LEDGER_SLOTS + LEDGER_DRAINS] = drains;
}
