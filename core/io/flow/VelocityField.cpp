#include "io/flow/VelocityField.h"

#include <stdexcept>

namespace rb::io {
namespace {

// The mean of the family's flow into the cell (stored at the cell) and out of it (stored at the
// head the cell feeds), in m³/s along the family's direction.
double meanFlow(const Lattice& lattice, const FloatField& flows, const EdgeFamily& family, int x, int y)
{
    const CellOffset head = family.headOffset(y);
    const double in = flows[lattice.paddedIndex(x, y)];
    const double out = flows[lattice.paddedIndex(x + head.dx, y + head.dy)];
    return 0.5 * (in + out);
}

} // namespace

CellVelocity cellVelocity(const MapState& state, int x, int y, float wetDepth)
{
    const Lattice& lattice = state.lattice;
    const double h = state.depth(x, y);
    if (!(h > wetDepth)) return {};
    CellVelocity v;
    for (int f = 0; f < lattice.familyCount(); ++f) {
        const EdgeFamily& family = lattice.family(f);
        const double along = meanFlow(lattice, state.flows[static_cast<std::size_t>(f)], family, x, y) / (h * family.faceWidth);
        v.x += along * family.directionX;
        v.y += along * family.directionY;
    }
    const double weight = 2.0 / lattice.familyCount();
    return {weight * v.x, weight * v.y};
}

VelocityField reconstructVelocity(const MapState& state, float wetDepth)
{
    const Lattice& lattice = state.lattice;
    VelocityField v{FloatField(lattice.width(), lattice.height()), FloatField(lattice.width(), lattice.height())};
    for (int y = 0; y < lattice.height(); ++y)
        for (int x = 0; x < lattice.width(); ++x) {
            const CellVelocity c = cellVelocity(state, x, y, wetDepth);
            v.x(x, y) = static_cast<float>(c.x);
            v.y(x, y) = static_cast<float>(c.y);
        }
    return v;
}

MapState meanFlowState(const MapState& state)
{
    const MeanFlow& mean = state.meanFlow;
    if (mean.empty()) throw std::invalid_argument("the map holds no time-mean flow (record one with simulate --mean-from T)");
    MapState result = state;
    for (std::size_t i = 0; i < result.depth.size(); ++i) result.depth[i] = static_cast<float>(mean.depthSums[i] / mean.seconds);
    for (std::size_t f = 0; f < result.flows.size(); ++f)
        for (std::size_t i = 0; i < result.flows[f].size(); ++i) result.flows[f][i] = static_cast<float>(mean.flowSums[f][i] / mean.seconds);
    result.velocities.clear(); // the instant's, which describe no mean
    return result;
}

} // namespace rb::io
