#include "model/DemoScene.h"

#include <cmath>

namespace rb {

Map makeDamBreakDemo(LatticeKind kind, int size)
{
    const double dx = 1.0;
    const Lattice lattice(kind, size, size, dx);
    Map map;
    map.state = MapState(lattice);
    const double width = lattice.worldWidth(), height = lattice.worldHeight();
    for (int y = 0; y < size; ++y)
        for (int x = 0; x < size; ++x) {
            const WorldPoint p = lattice.worldPosition(x, y);
            const double u = p.x / width, v = p.y / height;
            // A basin sloping gently east, with low hills; the lake fills the western third.
            const double slope = 2.0 * (1.0 - u);
            const double hills = 0.6 * std::sin(6.0 * u + 1.0) * std::sin(5.0 * v);
            const double bowl = 3.0 * std::pow(2.0 * v - 1.0, 4.0);
            map.state.bed(x, y) = static_cast<float>(slope + hills + bowl);
            if (u < 1.0 / 3.0) map.state.depth(x, y) = static_cast<float>(std::max(0.0, 6.0 - map.state.bed(x, y)));
        }
    // Like every new map, the momentum model under the automatic time step; its ceiling stays
    // the demo's 0.02 s, so `demo --steps 3000` still runs at most 60 simulated seconds.
    map.params = SimParams::forNewMap(dx, 6.0, kNaturalGroundManning);
    map.params.dt = map.params.dtMax = 0.02;
    map.params.friction = 0.05;
    map.boundary = {wholeSide(lattice, Side::East, BoundaryType::Outflow, 0.0)};
    return map;
}

} // namespace rb
