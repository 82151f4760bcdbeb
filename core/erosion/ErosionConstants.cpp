#include "erosion/ErosionConstants.h"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace rb {

ErosionConstants ErosionConstants::from(const SimParams& params, const Lattice& lattice)
{
    const ErosionParams& e = params.erosion;
    const auto shareOf = [&](double rate) { return static_cast<float>(std::min(1.0, rate * params.dt)); };
    ErosionConstants c;
    c.capacity = static_cast<float>(e.capacity);
    c.erosionShare = shareOf(e.erosionRate);
    c.depositionShare = shareOf(e.depositionRate);
    c.thermalShare = shareOf(e.thermalRate);
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
    c.diagonalRestingDrop = static_cast<float>(std::sqrt(2.0) * lattice.cellSize() * talus);
    c.velocityScale = lattice.familyCount() > 0 ? 2.0f / static_cast<float>(lattice.familyCount()) : 1.0f;
    c.cellArea = lattice.cellArea();
    return c;
}

} // namespace rb
