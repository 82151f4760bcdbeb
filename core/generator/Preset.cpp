#include "generator/Preset.h"

#include "ranges/NamedValues.h"

namespace rb::gen {

std::string_view presetName(Preset preset)
{
    switch (preset) {
    case Preset::Island: return "island";
    case Preset::River: return "river";
    case Preset::Archipelago: return "archipelago";
    case Preset::Lakes: return "lakes";
    }
    return "island";
}

std::optional<Preset> parsePreset(std::string_view name)
{
    return parseNamed(name, kAllPresets, presetName);
}

std::string_view presetSummary(Preset preset)
{
    switch (preset) {
    case Preset::Island:
        return "one island: noise-warped coastline, beaches, hills and ridged mountains; sea on every side";
    case Preset::River:
        return "a valley whose river enters at one edge (inflow) and reaches the sea or leaves at the opposite edge";
    case Preset::Archipelago:
        return "several islands of different sizes scattered over the sea; sea on every side";
    case Preset::Lakes:
        return "hilly land with closed basins that fill with rain; walls on every side";
    }
    return {};
}

} // namespace rb::gen
