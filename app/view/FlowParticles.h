#pragma once

#include "model/MapState.h"

#include <QVector3D>

#include <cstdint>
#include <random>
#include <utility>
#include <vector>

namespace rb::view {

// Particles carried by the water's velocity, for the eye only (View › Flow particles), as in the
// seed article's video: each moves with the depth-averaged velocity of the cell under it
// (io::cellVelocity, both lattices, either flow model), scaled by `speedScale` so slow currents
// show; it is reborn at a random wet cell when its life runs out or its water dries or it leaves
// the map. Drawn as short streaks along the flow, on the water's surface.
class FlowParticles {
public:
    struct Particle {
        double x = 0.0, y = 0.0; // world metres
        double age = 0.0, life = 0.0; // s of wall-clock time
    };
    using Streak = std::pair<QVector3D, QVector3D>; // view coordinates: x east, y up, z south

    explicit FlowParticles(std::uint32_t seed = 1) : random_(seed) {}

    // How many particles live (they are born on the next advance).
    void setCount(int count);
    int count() const { return count_; }

    // Moves every particle by its cell's velocity × seconds × speedScale; reborn where needed.
    void advance(const MapState& state, double seconds, double speedScale);
    const std::vector<Particle>& particles() const { return particles_; }

    // A streak per particle on a wet cell: from where it was `trailSeconds` of flow ago (at the
    // same scale) to where it is, a few centimetres above the surface.
    std::vector<Streak> streaks(const MapState& state, double speedScale, double trailSeconds = 0.4) const;

private:
    bool reborn(const MapState& state, Particle& particle);
    std::size_t wetCellAt(const MapState& state, double x, double y) const; // the cell index, or npos when dry/outside

    int count_ = 0;
    std::vector<Particle> particles_;
    std::mt19937 random_;
};

} // namespace rb::view
