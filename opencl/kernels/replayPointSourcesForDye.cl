// DyeTransport::replayWater, its point sources: in list order on the replayed depths (one
// work-item: there are few and two may share a cell), each source's depth before and after it
// acts into `sourceDepths` (two floats per source) for applyDyeSources.
#ifdef DYE_KERNELS
__kernel void replayPointSourcesForDye(__global float* sourceDepths, __global float* replayed, __global const DyeSource* sources, int sourceCount)
{
    for (int k = 0; k < sourceCount; ++k) {
        const DyeSource s = sources[k];
        float h = replayed[s.cell];
        sourceDepths[2 * k] = h;
        if (s.kind == SOURCE_SPRING) h += s.amount;
        else h -= s.drainAll ? h : minOf(h, s.amount);
        replayed[s.cell] = h;
        sourceDepths[2 * k + 1] = h;
    }
}
#endif
