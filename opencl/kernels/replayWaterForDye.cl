// DyeTransport::replayWater, its point sources: the water's continuity update with rain and
// evaporation replayed at each source's cell (in the CPU transport's float operations), then the
// sources in list order on those depths (one work-item: there are few and two may share a cell).
// Each source's depth before and after it acts goes into `sourceDepths` (two floats per source)
// for applyDyeSources. The weather's share for every cell is worked out by advectAndEvaporateDye
// (and, for the dye a boundary inflow brings, by crossDyeBoundary; the scalar replay of one cell is
// dyeCommon.cl's).
#ifdef DYE_KERNELS
// The depth source k acts on: what the last source before it at the same cell left, or else the
// replayed water there.
inline float replayedDepthAt(__global const float* sourceDepths, __global const DyeSource* sources, int k,
                             __global const float* depthBefore, __global const float* flows, Grid grid, DyeStep step)
{
    const uint cell = sources[k].cell;
    for (int j = k - 1; j >= 0; --j)
        if (sources[j].cell == cell) return sourceDepths[2 * j + 1];
    return afterEvaporation(replayedWetted(depthBefore, flows, grid, (int)cell, rowOfCell(grid, (int)cell), step), step);
}

__kernel void replayWaterForDye(__global float* sourceDepths, __global const DyeSource* sources, int sourceCount,
                                __global const float* depthBefore, __global const float* flows, Grid grid, DyeStep step)
{
    for (int k = 0; k < sourceCount; ++k) {
        const DyeSource s = sources[k];
        float h = replayedDepthAt(sourceDepths, sources, k, depthBefore, flows, grid, step);
        sourceDepths[2 * k] = h;
        if (s.kind == SOURCE_SPRING) h += s.amount;
        else h -= s.drainAll ? h : minOf(h, s.amount);
        sourceDepths[2 * k + 1] = h;
    }
}
#endif
