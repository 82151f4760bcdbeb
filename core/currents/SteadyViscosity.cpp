#include "currents/SteadyViscosity.h"

#include <algorithm>
#include <cmath>

namespace rb {

double steadyViscosity(const Lattice& lattice, const CurrentsSettings& settings)
{
    double fastest = 0.0;
    for (const std::optional<double>& speed : settings.sideSpeed)
        if (speed) fastest = std::max(fastest, std::abs(*speed));
    const double extent = std::max(lattice.worldWidth(), lattice.worldHeight());
    return fastest * extent / kSteadyReynolds;
}

double effectiveViscosity(const Lattice& lattice, const CurrentsSettings& settings)
{
    return settings.automaticViscosity() ? steadyViscosity(lattice, settings) : settings.viscosity;
}

} // namespace rb
