#include "model/SimParamTable.h"

#include "ranges/ValueRanges.h"

#include <cmath>

namespace rb {

namespace {

constexpr double kMetresPerSecondPerMmPerHour = 1e-3 / 3600.0; // rain and evaporation shown in mm/h

std::vector<SimParamSpec> makeTable()
{
    using namespace ranges;
    using H = HeaderPresence;
    return {
        {&SimParams::gravity, "gravity", "gravity", "G", "g", "gravity", "Gravity", "m/s²", kMinGravity, kMaxGravity, false, kBothModels,
         H::Required, "Gravity, m/s².", "Gravitational acceleration g", " m/s²", 1.0, 100.0, 3, 0.1},
        {&SimParams::friction, "friction", "friction", "F", "friction", "friction", "Friction", "", 0.0, 1.0, true, kBothModels, H::Required,
         "Fraction of flow lost per second, in [0, 1).",
         "Fraction of the flow lost per second (the momentum model uses it only while Manning's n is 0)", " /s", 1.0, 0.9999, 4, 0.01},
        {&SimParams::manning, "manning", "manning", "N", "manning", "manning", "Manning's n", "s/m^(1/3) (0: use friction)", 0.0, 1.0, false,
         kMomentumOnly, H::Optional, "Momentum model: Manning's n, s/m^(1/3), replacing --friction (e.g. 0.03 for a natural river; 0 = off).",
         "Bed roughness for the momentum model: about 0.013 for concrete, 0.03 for a natural river, 0.1 for a weedy or wooded "
         "floodplain. 0 uses the Friction field instead",
         " s/m^⅓", 1.0, 1.0, 3, 0.001},
        {&SimParams::eddyViscosity, "eddyViscosity", "eddy-viscosity", "M2S", "eddy_viscosity", "eddy viscosity", "Eddy viscosity", "m²/s",
         0.0, kMaxViscosity, false, kMomentumOnly, H::Optional, "Momentum model: eddy viscosity, m²/s, diffusing velocity (0 = off).",
         "How strongly neighbouring currents drag on each other in the momentum model: higher values smooth eddies and widen jets "
         "(0 = off; large values shorten the stable time step)",
         " m²/s", 1.0, 100.0, 3, 0.01},
        {&SimParams::viscosity, "viscosity", "viscosity", "V", "viscosity", "viscosity", "Viscosity", "m²/s", 0.0, kMaxViscosity, false,
         kPipesOnly, H::Required, "Viscosity, m²/s (0 = off).", "Kinematic viscosity damping shallow flows (0 = off)", " m²/s", 1.0, 100.0,
         4, 0.01},
        {&SimParams::rain, "rain", "rain", "MPS", "rain", "rain", "Rain", "m/s", 0.0, kMaxRain, false, kBothModels, H::Required,
         "Rain, m/s on every cell.", "Water added to every cell", " mm/h", kMetresPerSecondPerMmPerHour, 100000.0, 2, 1.0},
        {&SimParams::evaporation, "evaporation", "evaporation", "MPS", "evaporation", "evaporation", "Evaporation", "m/s", 0.0, kMaxRain,
         false, kBothModels, H::Required, "Evaporation, m/s from every wet cell.", "Water removed from every wet cell", " mm/h",
         kMetresPerSecondPerMmPerHour, 100000.0, 2, 1.0},
        {&SimParams::dyeDiffusivity, "dyeDiffusivity", "dye-diffusion", "M2S", "dye_diffusivity", "dye diffusivity", "Dye diffusion", "m²/s",
         0.0, kMaxViscosity, false, kBothModels, H::WhenSet,
         "Dye diffusivity through the water, m²/s (implicit: any value is stable; 0 = off).",
         "How fast dye spreads through still water on its own, besides being carried (0 = off)", " m²/s", 1.0, 1000.0, 3, 0.01},
        {&SimParams::dyeHalfLife, "dyeHalfLife", "dye-half-life", "S", "dye_half_life", "dye half-life", "Dye half-life", "s (0: no decay)",
         0.0, kMaxTime, false, kBothModels, H::WhenSet, "Half-life of every dye channel, s (0 = no decay).",
         "Time in which every dye channel fades to half (0 = dye never fades)", " s", 1.0, 1e9, 1, 10.0},
    };
}

} // namespace

std::string SimParamSpec::check(double value) const
{
    if (!belowMaximum) return checkRange(name, value, minimum, maximum, unit);
    if (std::isfinite(value) && value >= minimum && value < maximum) return {};
    return std::string(name) + " must lie in [" + rangeNumberText(minimum) + ", " + rangeNumberText(maximum) + ") (got " + rangeNumberText(value) + ")";
}

const std::vector<SimParamSpec>& simParamTable()
{
    static const std::vector<SimParamSpec> table = makeTable();
    return table;
}

} // namespace rb
