#include "view/FlowSpeed.h"

#include <cmath>

namespace rb::view {

double cellSpeed(const MapState& state, int x, int y)
{
    const Lattice& lattice = state.lattice;
    const double depth = state.depth(x, y);
    if (depth < kDryDepth || state.flows.empty()) return 0.0;
    double vx = 0.0, vy = 0.0;
    for (int f = 0; f < lattice.familyCount(); ++f) {
        const EdgeFamily& family = lattice.family(f);
        const FloatField& flow = state.flows[static_cast<std::size_t>(f)];
        const CellOffset out = family.headOffset(y); // the pipe this cell is the tail of
        const double in = flow[lattice.paddedIndex(x, y)];
        const double leaving = flow[lattice.paddedIndex(x + out.dx, y + out.dy)];
        const double q = 0.5 * (in + leaving) / (family.faceWidth * depth);
        vx += q * family.directionX;
        vy += q * family.directionY;
    }
    const double scale = 2.0 / lattice.familyCount();
    return std::hypot(vx, vy) * scale;
}

} // namespace rb::view
