// MeanFlowRecorder's accumulateMeanFlow (core/solver/MeanFlowRecorder.cpp): one recorded step
// added to the time-mean sums, sums[i] += (double)values[i] · dt, in double as the CPU adds them
// (FP_CONTRACT is off for the whole program, so no fused multiply-add on either side). It runs
// over every element of the buffers, ghost ring and row padding included; the host reads back
// only the lattice's. Without cl_khr_fp64 the host keeps the sums (ClSolverMean.cpp).
#ifdef cl_khr_fp64
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
__kernel void accumulateMeanFlow(__global double* sums, __global const float* values, int count, double dt)
{
    const int i = get_global_id(0);
    if (i < count) sums[i] += (double)values[i] * dt;
}
#endif
