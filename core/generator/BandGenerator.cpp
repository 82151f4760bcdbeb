#include "generator/BandGenerator.h"

#include "generator/Erodibility.h"
#include "generator/ParallelRows.h"

#include <algorithm>

namespace rb::gen {

std::string BandGenerator::wholeMapStage(const GeneratorSettings& settings)
{
    std::string stages;
    const auto add = [&stages](const std::string& stage) { stages += (stages.empty() ? "" : "; ") + stage; };
    const Preset preset = settings.preset();
    const bool islands = preset == Preset::Island || preset == Preset::Archipelago;
    if (islands && settings.coastalRivers.count > 0)
        add("the coastal rivers (river_count > 0): the drainage's flow accumulation over the whole map chooses them");
    if (preset == Preset::River) add("the river's channel: a least-cost path from the entry side to the exit across the whole map");
    if (islands || (preset == Preset::River && settings.river.end == RiverEnd::Sea))
        add("the sea fill: the sea reaches inland from the border through every connected cell below sea level, a flood fill over the whole map");
    if (settings.erode.hours > 0.0) add("the erode stage (erode_hours > 0): hours of rain and erosion simulated over the whole map");
    return stages;
}

BandGenerator::BandGenerator(const GeneratorSettings& settings, int s, int e, const GenerationOptions& options)
    : settings_(settings), options_(options), progress_(options.progress, options.cancel),
      whole_(settings.common.lattice, settings.common.width, settings.common.height, settings.common.cellSize),
      band_(settings.common.lattice, settings.common.width, e - s, settings.common.cellSize), s_(s), frame_(whole_),
      landscape_(settings.common, settings.lakes, frame_), state_(band_)
{
}

// As generateMap's terrain: the landscape at every cell's place in the whole map, clamped.
bool BandGenerator::sampleTerrain()
{
    const double lo = settings_.common.minHeight, hi = settings_.common.maxHeight;
    progress_.beginPhase(0, 85);
    return runRows(band_.height(), options_.threads, progress_, [&](int y) {
        for (int x = 0; x < band_.width(); ++x)
            state_.bed(x, y) = static_cast<float>(std::clamp(landscape_.elevation(frame_.at(x, y + s_)), lo, hi));
    });
}

float BandGenerator::highestBed() const
{
    return *std::max_element(state_.bed.values().begin(), state_.bed.values().end());
}

std::optional<Map> BandGenerator::finish(double peak)
{
    progress_.beginPhase(85, 100);
    const LakeBedAt lakeBed = [&](int x, int y) { return landscape_.lakeBed(frame_.at(x, y + s_)); };
    std::optional<FloatField> erodibility =
        erodibilityField(band_, state_.bed, peak, {}, lakeBed, settings_.common.seaLevel, settings_.material, options_.threads, progress_);
    if (!erodibility) return std::nullopt;
    Map map;
    map.state = std::move(state_);
    map.state.erodibility = std::move(*erodibility);
    map.state.lattice = whole_;
    for (Side side : {Side::North, Side::South, Side::West, Side::East}) map.boundary.push_back(wholeSide(whole_, side, BoundaryType::Wall, 0.0));
    // generateMap's parameters for the lakes: the water starts at 0 everywhere (walls all round,
    // no sea to fill), so the deepest expected is the lakes' own.
    map.params = SimParams::forNewMap(whole_.cellSize(), 1.5 * settings_.lakes.lakeDepth + 1.0, kLakeBasinManning);
    map.params.rain = settings_.lakes.rain;
    map.generatorSettings = settings_.toJson();
    progress_.finish();
    return map;
}

} // namespace rb::gen
