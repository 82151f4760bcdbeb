#include "generator/ParamSpec.h"

#include "generator/GeneratorSettings.h"
#include "generator/NumberText.h"

#include <cmath>
#include <type_traits>

namespace rb::gen {
namespace {

// Accessors from a table row to the struct field it describes: Group selects the struct inside
// GeneratorSettings, Member the field. Enums travel as their index, integers as whole doubles.
template <auto Group, auto Member>
double getSlot(const GeneratorSettings& settings)
{
    const auto& value = settings.*Group.*Member;
    if constexpr (std::is_enum_v<std::remove_cvref_t<decltype(value)>>)
        return static_cast<double>(static_cast<int>(value));
    else
        return static_cast<double>(value);
}

template <auto Group, auto Member>
void setSlot(GeneratorSettings& settings, double value)
{
    auto& field = settings.*Group.*Member;
    using T = std::remove_cvref_t<decltype(field)>;
    if constexpr (std::is_enum_v<T>)
        field = static_cast<T>(static_cast<int>(value));
    else
        field = static_cast<T>(value);
}

template <auto Group, auto Member>
ParamSpec row(std::string_view key, unsigned presets, ParamKind kind, double def, double min, double max,
              std::string_view unit, std::string_view description, std::string_view choices = {})
{
    return {key, presets, kind, def, min, max, unit, choices, description, &getSlot<Group, Member>, &setSlot<Group, Member>};
}

constexpr unsigned kIsland = presetBit(Preset::Island);
constexpr unsigned kRiver = presetBit(Preset::River);
constexpr unsigned kArchipelago = presetBit(Preset::Archipelago);
constexpr unsigned kLakes = presetBit(Preset::Lakes);
constexpr unsigned kAll = kIsland | kRiver | kArchipelago | kLakes;
constexpr double kLowest = -11000.0; // m: below the deepest ocean trench
constexpr double kHighest = 9000.0;  // m: above the highest mountain

using S = GeneratorSettings;
using C = CommonParams;
using I = IslandParams;
using R = RiverParams;
using A = ArchipelagoParams;
using L = LakesParams;
constexpr auto Int = ParamKind::Integer;
constexpr auto Real = ParamKind::Real;
constexpr auto Choice = ParamKind::Choice;

std::vector<ParamSpec> commonRows()
{
    return {
        row<&S::common, &C::seed>("seed", kAll, Int, 1, 0, 2147483647, "",
            "seeds every noise module and random placement: equal seeds give bitwise equal maps"),
        row<&S::common, &C::width>("width", kAll, Int, 512, 32, 8192, "cells", "map width, west to east"),
        row<&S::common, &C::height>("height", kAll, Int, 512, 32, 8192, "cells", "map height, north to south"),
        row<&S::common, &C::lattice>("lattice", kAll, Choice, 0, 0, 1, "",
            "square cells, or triangle vertices with odd rows shifted half a cell east", "square|triangle"),
        row<&S::common, &C::cellSize>("cell_size", kAll, Real, 2, 0.1, 1000, "m", "lattice spacing dx"),
        row<&S::common, &C::minHeight>("min_height", kIsland | kArchipelago, Real, -30, kLowest, kHighest, "m",
            "lowest bed elevation: the open sea floor; the bed is clamped to min_height..max_height"),
        row<&S::common, &C::minHeight>("min_height", kRiver, Real, -10, kLowest, kHighest, "m",
            "lowest bed elevation: the sea floor beyond the river mouth; the bed is clamped to min_height..max_height"),
        row<&S::common, &C::minHeight>("min_height", kLakes, Real, -40, kLowest, kHighest, "m",
            "lowest bed elevation; the bed is clamped to min_height..max_height"),
        row<&S::common, &C::maxHeight>("max_height", kAll, Real, 1000, kLowest, kHighest, "m",
            "highest bed elevation: higher peaks are cut flat"),
        row<&S::common, &C::seaLevel>("sea_level", kIsland | kRiver | kArchipelago, Real, 0, kLowest, kHighest, "m",
            "sea surface elevation: the sea boundary's level and the initial sea water"),
        row<&S::common, &C::seaLevel>("sea_level", kLakes, Real, 0, kLowest, kHighest, "m",
            "datum of the plain between the lakes (this preset has no sea)"),
        row<&S::common, &C::octaves>("octaves", kAll, Int, 6, 1, 12, "",
            "octaves of the relief noise (coast and placement noise use at most 3)"),
        row<&S::common, &C::frequency>("frequency", kAll, Real, 3, 0.25, 64, "cycles",
            "first-octave noise cycles across the map's longer side: larger gives smaller features"),
        row<&S::common, &C::persistence>("persistence", kAll, Real, 0.5, 0.05, 0.95, "",
            "amplitude ratio of successive octaves: larger gives rougher relief"),
        row<&S::common, &C::lacunarity>("lacunarity", kAll, Real, 2, 1.5, 4, "",
            "frequency ratio of successive octaves"),
    };
}

std::vector<ParamSpec> islandRows()
{
    return {
        row<&S::island, &I::radius>("island_radius", kIsland, Real, 0.62, 0.2, 0.9, "",
            "mean distance from the centre to the coast, fraction of the half map (1 = middle of an edge)"),
        row<&S::island, &I::coastRoughness>("coast_roughness", kIsland, Real, 0.35, 0, 0.6, "",
            "how far the noise-warped coast strays from the ellipse, fraction of the radius"),
        row<&S::island, &I::shelfWidth>("shelf_width", kIsland, Real, 0.3, 0.02, 2, "",
            "offshore distance over which the sea floor falls to min_height, fraction of the radius"),
        row<&S::island, &I::beachWidth>("beach_width", kIsland, Real, 0.06, 0, 0.3, "",
            "width of the low beach band inside the coast, fraction of the radius"),
        row<&S::island, &I::beachHeight>("beach_height", kIsland, Real, 2, 0, 50, "m",
            "elevation above sea level at the inland edge of the beach"),
        row<&S::island, &I::hillHeight>("hill_height", kIsland, Real, 30, 0, 3000, "m",
            "height of the rolling and ridged hills over the whole island"),
        row<&S::island, &I::mountainHeight>("mountain_height", kIsland, Real, 160, 0, 8000, "m",
            "height of the ridged massif in the island's centre"),
    };
}

std::vector<ParamSpec> riverRows()
{
    return {
        row<&S::river, &R::entrySide>("entry_side", kRiver, Choice, 0, 0, 3, "",
            "edge the river enters through (an inflow segment); it ends at the opposite edge",
            "north|south|east|west"),
        row<&S::river, &R::end>("river_end", kRiver, Choice, 0, 0, 1, "",
            "sea: the river reaches a sea along the opposite edge; outflow: it leaves through that edge",
            "sea|outflow"),
        row<&S::river, &R::riverWidth>("river_width", kRiver, Real, 12, 1, 2000, "m",
            "channel width between the banks' feet (at least two cells are carved)"),
        row<&S::river, &R::riverDepth>("river_depth", kRiver, Real, 2.5, 0.2, 200, "m",
            "channel depth below the terrain along its path"),
        row<&S::river, &R::bankWidth>("bank_width", kRiver, Real, 8, 0, 2000, "m",
            "horizontal width of the sloping bank on each side"),
        row<&S::river, &R::meander>("meander", kRiver, Real, 0.5, 0, 1, "",
            "how much the valley and the channel wind"),
        row<&S::river, &R::discharge>("discharge", kRiver, Real, 15, 0, 1e6, "m3/s",
            "inflow through the entry segment"),
        row<&S::river, &R::primeDepth>("prime_depth", kRiver, Real, 1, 0, 100, "m",
            "water depth the channel starts with (0: an empty channel that the inflow fills)"),
        row<&S::river, &R::valleyWidth>("valley_width", kRiver, Real, 0.45, 0.1, 1, "",
            "valley width, fraction of the map across the flow"),
        row<&S::river, &R::valleyDepth>("valley_depth", kRiver, Real, 30, 0, 5000, "m",
            "height of the valley walls above the valley floor"),
        row<&S::river, &R::sourceHeight>("source_height", kRiver, Real, 25, 0.5, 5000, "m",
            "valley floor elevation above sea level at the entry edge"),
        row<&S::river, &R::seaFraction>("sea_fraction", kRiver, Real, 0.2, 0.05, 0.5, "",
            "length of the sea along the flow, fraction of the map (river_end=sea only)"),
        row<&S::river, &R::hillHeight>("hill_height", kRiver, Real, 15, 0, 3000, "m",
            "height of the hills on the valley sides"),
        row<&S::river, &R::mountainHeight>("mountain_height", kRiver, Real, 80, 0, 8000, "m",
            "height of the ridged mountains beyond the valley walls"),
    };
}

std::vector<ParamSpec> archipelagoRows()
{
    return {
        row<&S::archipelago, &A::islandCount>("island_count", kArchipelago, Int, 8, 1, 64, "",
            "number of islands (some may merge or stay under water when small)"),
        row<&S::archipelago, &A::islandSize>("island_size", kArchipelago, Real, 0.09, 0.02, 0.4, "",
            "mean island radius, fraction of the map's longer side, at most 0.4 of the shorter (each varies 0.5-1.5x)"),
        row<&S::archipelago, &A::coastRoughness>("coast_roughness", kArchipelago, Real, 0.4, 0, 0.8, "",
            "how far the noise-warped coasts stray from circles, fraction of the radius"),
        row<&S::archipelago, &A::shelfWidth>("shelf_width", kArchipelago, Real, 0.5, 0.05, 3, "",
            "offshore distance over which the floor falls to min_height, fraction of an island's radius"),
        row<&S::archipelago, &A::hillHeight>("hill_height", kArchipelago, Real, 25, 0, 3000, "m",
            "height of the hills on every island"),
        row<&S::archipelago, &A::mountainHeight>("mountain_height", kArchipelago, Real, 90, 0, 8000, "m",
            "height of the ridged peaks, scaled by each island's size"),
    };
}

std::vector<ParamSpec> lakesRows()
{
    return {
        row<&S::lakes, &L::lakeCount>("lake_count", kLakes, Int, 6, 1, 64, "", "number of basins"),
        row<&S::lakes, &L::lakeRadius>("lake_radius", kLakes, Real, 0.08, 0.02, 0.3, "",
            "mean basin radius, fraction of the map's longer side (each varies 0.6-1.4x)"),
        row<&S::lakes, &L::lakeDepth>("lake_depth", kLakes, Real, 6, 0.5, 500, "m",
            "depth of a basin's floor below the land at its centre"),
        row<&S::lakes, &L::shoreRoughness>("shore_roughness", kLakes, Real, 0.3, 0, 0.6, "",
            "how far the noise-warped shores stray from circles, fraction of the radius"),
        row<&S::lakes, &L::hillHeight>("hill_height", kLakes, Real, 12, 0, 3000, "m",
            "height of the hills between the basins"),
        row<&S::lakes, &L::rimHeight>("rim_height", kLakes, Real, 20, 0, 5000, "m",
            "raised land along the map edge, so the lakes are held by land rather than by the walls"),
        row<&S::lakes, &L::rain>("rain", kLakes, Real, 2e-4, 0, 0.01, "m/s",
            "rain rate stored in the map's simulation parameters (exaggerated so basins fill in minutes)"),
    };
}

std::vector<ParamSpec> coastalRiverRows()
{
    using CR = CoastalRiverParams;
    constexpr unsigned kIslands = kIsland | kArchipelago;
    return {
        row<&S::coastalRivers, &CR::count>("river_count", kIslands, Int, 3, 0, 64, "",
            "rivers carved from headwaters (chosen by flow accumulation) down to the sea, each fed by a spring at its head (0: none)"),
        row<&S::coastalRivers, &CR::discharge>("spring_discharge", kIslands, Real, 3, 0, 1e5, "m3/s",
            "water the spring at each river's head brings"),
        row<&S::coastalRivers, &CR::width>("river_width", kIslands, Real, 8, 1, 2000, "m",
            "channel width between the banks' feet (at least two cells are carved)"),
        row<&S::coastalRivers, &CR::depth>("river_depth", kIslands, Real, 2, 0.2, 200, "m",
            "channel depth below the terrain along its path"),
        row<&S::coastalRivers, &CR::bankWidth>("bank_width", kIslands, Real, 6, 0, 2000, "m",
            "horizontal width of the sloping bank on each side"),
    };
}

// The erodibility (Erodibility.h): rock on steep and high ground, sand on beaches, river beds and
// lake floors, soil elsewhere.
std::vector<ParamSpec> materialRows()
{
    using M = MaterialParams;
    return {
        row<&S::material, &M::rockSlope>("rock_slope", kAll, Real, 40, 1, 89, "degrees",
            "beds at least this steep are rock (the blend to soil starts at 70% of the slope)"),
        row<&S::material, &M::rockHeight>("rock_height", kAll, Real, 0.7, 0, 1, "",
            "beds above this fraction of the way from sea_level to the highest bed are rock (blend over 0.1 below it)"),
        row<&S::material, &M::sandHeight>("sand_height", kIsland | kRiver | kArchipelago, Real, 2, 0, 100, "m",
            "beds up to this height above sea_level are sand (beaches, sea floor), fading to soil over the next metre"),
        row<&S::material, &M::sandHeight>("sand_height", kLakes, Real, 0, 0, 100, "m",
            "beds up to this height above sea_level (the plain's datum) are sand, fading to soil over the next metre"),
        row<&S::material, &M::rockErodibility>("rock_erodibility", kAll, Real, 0.15, 0, 1, "",
            "erodibility of rock (0 bedrock that never erodes ... 1 loose)"),
        row<&S::material, &M::soilErodibility>("soil_erodibility", kAll, Real, 0.6, 0, 1, "",
            "erodibility of soil, the ground that is neither rock nor sand (sand is 1)"),
    };
}

// The erode stage (ErodeStage.h).
std::vector<ParamSpec> erodeRows()
{
    using E = ErodeParams;
    return {
        row<&S::erode, &E::hours>("erode_hours", kAll, Real, 0, 0, 48, "h",
            "last stage: simulated hours of rain with erosion on, then the usual water on the eroded bed (0: off)"),
        row<&S::erode, &E::rain>("erode_rain", kAll, Real, 20, 0, 500, "mm/h",
            "rain rate during the erode stage (springs and inflows run too)"),
        row<&S::erode, &E::talus>("erode_talus", kAll, Real, 60, 1, 89, "degrees",
            "talus angle of the erode stage's thermal erosion: steeper ground slides until it is this steep (35: loose material)"),
    };
}

std::vector<ParamSpec> buildTable()
{
    std::vector<ParamSpec> table;
    for (auto part : {commonRows(), islandRows(), riverRows(), archipelagoRows(), lakesRows(), coastalRiverRows(), materialRows(),
                      erodeRows()})
        table.insert(table.end(), part.begin(), part.end());
    return table;
}

} // namespace

std::vector<std::string_view> ParamSpec::choiceList() const
{
    std::vector<std::string_view> names;
    std::string_view rest = choices;
    while (!rest.empty()) {
        const std::size_t bar = rest.find('|');
        names.push_back(rest.substr(0, bar));
        rest = bar == std::string_view::npos ? std::string_view{} : rest.substr(bar + 1);
    }
    return names;
}

std::string ParamSpec::valueText(double value) const
{
    // Whole numbers print in full: shortest-form text would write a seed of 1000000 as 1e+06.
    if (kind == ParamKind::Integer && value == std::floor(value) && std::abs(value) < 9e15)
        return std::to_string(static_cast<long long>(value));
    if (kind != ParamKind::Choice) return formatNumber(value);
    const auto names = choiceList();
    const auto index = static_cast<std::size_t>(value);
    return index < names.size() ? std::string(names[index]) : formatNumber(value);
}

std::string ParamSpec::rangeText() const
{
    if (kind == ParamKind::Choice) return std::string(choices);
    return formatNumber(minimum) + ".." + formatNumber(maximum);
}

const std::vector<ParamSpec>& parameterTable()
{
    static const std::vector<ParamSpec> table = buildTable();
    return table;
}

const ParamSpec* findParamSpec(Preset preset, std::string_view key)
{
    for (const ParamSpec& spec : parameterTable())
        if (spec.key == key && spec.serves(preset)) return &spec;
    return nullptr;
}

std::vector<const ParamSpec*> presetParameters(Preset preset)
{
    std::vector<const ParamSpec*> rows;
    for (const ParamSpec& spec : parameterTable())
        if (spec.serves(preset)) rows.push_back(&spec);
    return rows;
}

} // namespace rb::gen
