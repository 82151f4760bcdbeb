#include "erosion/ErosionConstants.h"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace rb {

ErosionConstants ErosionConstants::from(const SimParams& params, const Lattice& lattice)
{
    const ErosionParams& e = params.erosion;
    ErosionConstants c;
    c.intervalSeconds = params.dt * e.interval;
    // The share of a gap a rate closes over the interval, as the relaxation d/dt = −rate·gap does.
    const auto shareOf = [&](double rate) { return static_cast<float>(-std::expm1(-rate * c.intervalSeconds)); };
    c.capacity = static_cast<float>(e.capacity);
    c.erosionShare = shareOf(e.erosionRate);
    c.erosionExponent = e.erosionRate * c.intervalSeconds;
    c.depositionShare = shareOf(e.depositionRate);
    // The slides relax towards the talus slope, each moving at most half a pair's excess: over a
    // long interval they run as many times as the rate asks (at most once per step of the water),
    // each closing its share of the rest.
    c.thermalSlides = std::clamp(static_cast<int>(std::ceil(e.thermalRate * c.intervalSeconds)), 1, e.interval);
    c.thermalShare = static_cast<float>(-std::expm1(-e.thermalRate * c.intervalSeconds / c.thermalSlides));
    c.minDepth = static_cast<float>(e.minDepth);
    constexpr double kRestingMargin = 0.99;
    const double talus = std::tan(e.talusDegrees * std::numbers::pi / 180.0) * kRestingMargin;
    for (int f = 0; f < lattice.familyCount(); ++f) {
        const double length = lattice.family(f).pipeLength;
        c.spacing[static_cast<std::size_t>(f)] = static_cast<float>(length);
        c.restingDrop[static_cast<std::size_t>(f)] = static_cast<float>(length * talus);
        c.faceWidth[static_cast<std::size_t>(f)] = static_cast<float>(lattice.family(f).faceWidth);
        c.directionX[static_cast<std::size_t>(f)] = static_cast<float>(lattice.family(f).directionX);
        c.directionY[static_cast<std::size_t>(f)] = static_cast<float>(lattice.family(f).directionY);
    }
    c.nearestSpacing = lattice.familyCount() > 0 ? *std::min_element(c.spacing.begin(), c.spacing.begin() + lattice.familyCount()) : 1.0f;
    c.diagonalRestingDrop = static_cast<float>(std::sqrt(2.0) * lattice.cellSize() * talus);
    c.velocityScale = lattice.familyCount() > 0 ? 2.0f / static_cast<float>(lattice.familyCount()) : 1.0f;
    c.cellArea = lattice.cellArea();
    return c;
}

} // namespace rb
