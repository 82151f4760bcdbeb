#include "view/FlowParticles.h"

#include "io/flow/VelocityField.h"

#include <algorithm>
#include <limits>

namespace rb::view {
namespace {

constexpr std::size_t kNone = std::numeric_limits<std::size_t>::max();
constexpr double kLifeSeconds = 4.0; // long enough to show a path, short enough to keep filling the water
constexpr int kBirthTries = 32;     // random cells tried for a wet one (a mostly dry map leaves some unborn)
constexpr float kAboveSurface = 0.05f;

} // namespace

void FlowParticles::setCount(int count)
{
    count_ = std::max(0, count);
    if (static_cast<int>(particles_.size()) > count_) particles_.resize(static_cast<std::size_t>(count_));
}

std::size_t FlowParticles::wetCellAt(const MapState& state, double x, double y) const
{
    const auto cell = state.lattice.nearestCell({x, y});
    if (!cell) return kNone;
    const std::size_t index = state.lattice.index(cell->x, cell->y);
    return state.depth[index] > io::kWetDepth ? index : kNone;
}

// A random wet cell's centre (jittered within the cell so particles do not line up), with a
// staggered life so they are not all reborn together.
bool FlowParticles::reborn(const MapState& state, Particle& particle)
{
    const Lattice& lattice = state.lattice;
    std::uniform_int_distribution<int> column(0, lattice.width() - 1), row(0, lattice.height() - 1);
    std::uniform_real_distribution<double> unit(0.0, 1.0);
    for (int attempt = 0; attempt < kBirthTries; ++attempt) {
        const int x = column(random_), y = row(random_);
        if (state.depth(x, y) <= io::kWetDepth) continue;
        const WorldPoint centre = lattice.worldPosition(x, y);
        particle.x = centre.x + (unit(random_) - 0.5) * 0.5 * lattice.cellSize();
        particle.y = centre.y + (unit(random_) - 0.5) * 0.5 * lattice.rowSpacing();
        particle.age = 0.0;
        particle.life = kLifeSeconds * (0.5 + unit(random_));
        return true;
    }
    return false;
}

void FlowParticles::advance(const MapState& state, double seconds, double speedScale)
{
    while (static_cast<int>(particles_.size()) < count_) {
        Particle p;
        if (!reborn(state, p)) break; // no water found (yet): try again next time
        particles_.push_back(p);
    }
    for (Particle& p : particles_) {
        p.age += seconds;
        if (const auto c = state.lattice.nearestCell({p.x, p.y}); c && wetCellAt(state, p.x, p.y) != kNone) {
            const io::CellVelocity u = io::cellVelocity(state, c->x, c->y);
            p.x += u.x * seconds * speedScale;
            p.y += u.y * seconds * speedScale;
        }
        // Off the water, off the map or at the end of its life: born again on the water.
        if (wetCellAt(state, p.x, p.y) == kNone || p.age > p.life) reborn(state, p);
    }
}

std::vector<FlowParticles::Streak> FlowParticles::streaks(const MapState& state, double speedScale, double trailSeconds) const
{
    std::vector<Streak> out;
    out.reserve(particles_.size());
    for (const Particle& p : particles_) {
        const std::size_t cell = wetCellAt(state, p.x, p.y);
        if (cell == kNone) continue;
        const auto c = state.lattice.nearestCell({p.x, p.y});
        const io::CellVelocity u = io::cellVelocity(state, c->x, c->y);
        const float height = state.bed[cell] + state.depth[cell] + kAboveSurface;
        const double tailX = p.x - u.x * trailSeconds * speedScale, tailY = p.y - u.y * trailSeconds * speedScale;
        out.push_back({QVector3D(static_cast<float>(tailX), height, static_cast<float>(tailY)),
                       QVector3D(static_cast<float>(p.x), height, static_cast<float>(p.y))});
    }
    return out;
}

} // namespace rb::view
