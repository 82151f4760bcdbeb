// CurrentDrift::planSubsteps, its count (one work-item): as many substeps as the worst cell needs
// to give no more than its water in each, 1 to CURRENT_MAX_SUBSTEPS. The host reads the count back
// to enqueue that many substeps.
#ifdef DYE_KERNELS
__kernel void countCurrentSubsteps(__global int* substeps, __global const double* rowWorst, Grid grid)
{
    double worst = 0.0;
    for (int y = 0; y < grid.height; ++y) worst = worst < rowWorst[y] ? rowWorst[y] : worst;
    const int needed = (int)ceil(worst);
    substeps[0] = needed < 1 ? 1 : (CURRENT_MAX_SUBSTEPS < needed ? CURRENT_MAX_SUBSTEPS : needed);
}
#endif
