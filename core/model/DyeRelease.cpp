#include "model/DyeRelease.h"

#include <stdexcept>

namespace rb {

void addDyeChannels(MapState& state, int count)
{
    if (count > kMaxDyeChannels) throw std::invalid_argument("a map has at most " + std::to_string(kMaxDyeChannels) + " dye channels");
    while (static_cast<int>(state.dye.size()) < count) {
        state.dye.emplace_back(state.lattice.width(), state.lattice.height());
        state.dyeLedgers.emplace_back();
    }
}

double releaseDye(MapState& state, int channel, WorldPoint centre, double radius)
{
    if (channel < 0) throw std::invalid_argument("dye channel must be 0 or more");
    addDyeChannels(state, channel + 1);
    FloatField& dye = state.dye[static_cast<std::size_t>(channel)];
    const Lattice& lattice = state.lattice;
    double added = 0.0;
    for (int y = 0; y < lattice.height(); ++y)
        for (int x = 0; x < lattice.width(); ++x) {
            const WorldPoint p = lattice.worldPosition(x, y);
            const double dx = p.x - centre.x, dy = p.y - centre.y;
            if (dx * dx + dy * dy > radius * radius) continue;
            added += static_cast<double>(state.depth(x, y) - dye(x, y));
            dye(x, y) = state.depth(x, y);
        }
    added *= lattice.cellArea();
    state.dyeLedgers[static_cast<std::size_t>(channel)].edited += added;
    return added;
}

} // namespace rb
