#include "ErosionTestMaps.h"

#include <algorithm>
#include <cmath>

namespace rb::test {

double storedMaterial(const MapState& state)
{
    double bed = 0.0, load = 0.0;
    for (float b : state.bed.values()) bed += b;
    for (float r : state.bedRemainder.values()) bed += r;
    for (float s : state.sediment.values()) load += s;
    return (bed + load) * state.lattice.cellArea();
}

double bookedMaterialChange(const SedimentLedger& l)
{
    return l.carried.inflow() - l.carried.outflow() + l.carried.clipped + l.carried.edited + l.rounding;
}

SimParams erodingParams(double dt, double capacity)
{
    SimParams params;
    params.dt = dt;
    params.erosion.enabled = true;
    params.erosion.capacity = capacity;
    return params;
}

double steepestSlope(const MapState& state)
{
    const Lattice& lattice = state.lattice;
    double steepest = 0.0;
    for (int y = 0; y < lattice.height(); ++y)
        for (int x = 0; x < lattice.width(); ++x)
            for (int f = 0; f < lattice.familyCount(); ++f) {
                const CellOffset o = lattice.family(f).headOffset(y);
                if (!lattice.contains(x + o.dx, y + o.dy)) continue;
                const double drop = std::abs(static_cast<double>(state.bed(x, y)) - state.bed(x + o.dx, y + o.dy));
                steepest = std::max(steepest, drop / lattice.family(f).pipeLength);
            }
    return steepest;
}

} // namespace rb::test
