#include "generator/TerrainGenerator.h"

#include "generator/ArchipelagoLandscape.h"
#include "generator/ChannelCarver.h"
#include "generator/ChannelRouter.h"
#include "generator/ErodeStage.h"
#include "generator/Erodibility.h"
#include "generator/IslandLandscape.h"
#include "generator/IslandRivers.h"
#include "generator/LakesLandscape.h"
#include "generator/LatticeNeighbours.h"
#include "generator/MapFrame.h"
#include "generator/ParallelRows.h"
#include "generator/RiverLandscape.h"
#include "generator/SeaFill.h"
#include "ranges/ValueRanges.h"

#include <algorithm>
#include <cmath>
#include <memory>

namespace rb::gen {
namespace {

constexpr double kFloorBand = 0.1; // entry candidates: within this fraction across of the valley axis

// Progress split (percent): sampling the terrain dominates every preset; the river adds its channel.
constexpr int kTerrainEnd = 85;
constexpr int kIslandTerrainEnd = 75; // then the coastal rivers, up to kWaterBegin
constexpr int kRiverTerrainEnd = 55;
constexpr int kRiverCostEnd = 65;
constexpr int kRiverRouteEnd = 85;
constexpr int kMaterialBegin = 85; // the erodibility
constexpr int kWaterBegin = 91;
constexpr int kWaterEnd = 98;
// With the erode stage the simulation dominates: the making above shrinks into the first
// kMakingShare percent, the erosion takes the rest up to kErodeEnd, then the water is placed again.
constexpr int kMakingShare = 10;
constexpr int kErodeEnd = 98;
constexpr int kRewaterEnd = 99;

GenerationResult failure(GenerationStatus status, std::string error)
{
    GenerationResult result;
    result.status = status;
    result.error = std::move(error);
    return result;
}

// One run of the generator: owns the lattice, the map being made and the progress.
class GenerationRun {
public:
    GenerationRun(const GeneratorSettings& settings, const GenerationOptions& options)
        : settings_(settings), options_(options), progress_(options.progress, options.cancel),
          lattice_(settings.common.lattice, settings.common.width, settings.common.height, settings.common.cellSize),
          frame_(lattice_)
    {
    }

    GenerationResult run()
    {
        result_.map.state = MapState(lattice_);
        const bool eroding = settings_.erode.hours > 0.0;
        if (eroding) progress_.setScale(kMakingShare);
        const std::unique_ptr<Landscape> landscape = makeLandscape();
        const bool river = settings_.preset() == Preset::River;
        const bool islands = settings_.preset() == Preset::Island || settings_.preset() == Preset::Archipelago;
        progress_.beginPhase(0, river ? kRiverTerrainEnd : islands ? kIslandTerrainEnd : kTerrainEnd);
        if (!sampleTerrain(*landscape)) return cancelled();
        result_.map.boundary = outerBoundary();
        if (islands) {
            progress_.beginPhase(kIslandTerrainEnd, kWaterBegin);
            if (!carveCoastalRivers()) return cancelled();
        }
        if (river) {
            if (auto status = buildRiver(static_cast<const RiverLandscape&>(*landscape)); status != GenerationStatus::Ok)
                return status == GenerationStatus::Cancelled ? cancelled() : failure(status, routeError_);
        }
        progress_.beginPhase(kMaterialBegin, kWaterBegin);
        if (!assignErodibility(*landscape)) return cancelled();
        progress_.beginPhase(kWaterBegin, kWaterEnd);
        if (!placeWater()) return cancelled();
        result_.map.params = simulationParams();
        if (eroding) {
            if (auto status = erode(); status != GenerationStatus::Ok)
                return status == GenerationStatus::Cancelled ? cancelled() : failure(status, erodeError_);
        }
        result_.map.generatorSettings = settings_.toJson();
        progress_.finish();
        return std::move(result_);
    }

private:
    const CommonParams& common() const { return settings_.common; }

    std::unique_ptr<Landscape> makeLandscape() const
    {
        switch (settings_.preset()) {
        case Preset::Island: return std::make_unique<IslandLandscape>(common(), settings_.island, frame_);
        case Preset::River: return std::make_unique<RiverLandscape>(common(), settings_.river, frame_);
        case Preset::Archipelago: return std::make_unique<ArchipelagoLandscape>(common(), settings_.archipelago, frame_);
        case Preset::Lakes: return std::make_unique<LakesLandscape>(common(), settings_.lakes, frame_);
        }
        return nullptr;
    }

    bool sampleTerrain(const Landscape& landscape)
    {
        FloatField& bed = result_.map.state.bed;
        const double lo = common().minHeight, hi = common().maxHeight;
        return runRows(lattice_.height(), options_.threads, progress_, [&](int y) {
            for (int x = 0; x < lattice_.width(); ++x)
                bed(x, y) = static_cast<float>(std::clamp(landscape.elevation(frame_.at(x, y)), lo, hi));
        });
    }

    // Every side but the river's entry: sea all round for the islands, walls round the lakes.
    std::vector<BoundarySegment> outerBoundary() const
    {
        const double sea = common().seaLevel;
        std::vector<BoundarySegment> segments;
        switch (settings_.preset()) {
        case Preset::Island:
        case Preset::Archipelago:
            for (Side side : {Side::North, Side::South, Side::West, Side::East})
                segments.push_back(wholeSide(lattice_, side, BoundaryType::Sea, sea));
            break;
        case Preset::River: {
            const Side exit = oppositeSide(settings_.river.entrySide);
            segments.push_back(settings_.river.end == RiverEnd::Sea ? wholeSide(lattice_, exit, BoundaryType::Sea, sea)
                                                                    : wholeSide(lattice_, exit, BoundaryType::Outflow, 0.0));
            break;
        }
        case Preset::Lakes:
            for (Side side : {Side::North, Side::South, Side::West, Side::East})
                segments.push_back(wholeSide(lattice_, side, BoundaryType::Wall, 0.0));
            break;
        }
        return segments;
    }

    GenerationStatus buildRiver(const RiverLandscape& landscape)
    {
        const RiverParams& river = settings_.river;
        std::vector<float> cost(lattice_.cellCount());
        progress_.beginPhase(kRiverTerrainEnd, kRiverCostEnd);
        const FloatField& bed = result_.map.state.bed;
        const bool costDone = runRows(lattice_.height(), options_.threads, progress_, [&](int y) {
            for (int x = 0; x < lattice_.width(); ++x)
                cost[lattice_.index(x, y)] = static_cast<float>(landscape.channelCost(frame_.at(x, y), bed(x, y)));
        });
        if (!costDone) return GenerationStatus::Cancelled;
        progress_.beginPhase(kRiverCostEnd, kRiverRouteEnd);
        const CellCoord start = entryCell(landscape);
        auto path = ChannelRouter(lattice_, cost).route(start, channelTargets(), progress_);
        if (!path) {
            if (progress_.cancelled()) return GenerationStatus::Cancelled;
            routeError_ = "no channel path from the entry to the exit was found";
            return GenerationStatus::Invalid;
        }
        const ChannelShape shape{std::max(0.5 * river.riverWidth, lattice_.cellSize()), river.bankWidth, river.riverDepth};
        const FloatField uncarved = result_.map.state.bed;
        channelBottom_ = carveChannel(lattice_, result_.map.state.bed, *path, shape);
        markCarved(uncarved);
        result_.map.boundary.push_back(inflowSegment(path->front(), shape.halfWidth));
        result_.channel = std::move(*path);
        return GenerationStatus::Ok;
    }

    // The islands' rivers: the main stems of the largest drainage basins, carved down to the sea
    // with the river preset's carver, each fed by a spring at its head. Returns false when cancelled.
    bool carveCoastalRivers()
    {
        const CoastalRiverParams& rivers = settings_.coastalRivers;
        if (rivers.count <= 0) return true;
        MapState& state = result_.map.state;
        const auto sea = static_cast<float>(common().seaLevel);
        const Drainage drainage(lattice_, state.bed, seaCells(lattice_, state.bed, result_.map.boundary, sea));
        progress_.report(0.6);
        if (progress_.cancelled()) return false;
        RiverChoice choice;
        choice.count = rivers.count;
        choice.minHeadHeight = common().seaLevel + rivers.depth;
        const ChannelShape shape{std::max(0.5 * rivers.width, lattice_.cellSize()), rivers.bankWidth, rivers.depth};
        result_.rivers = chooseRivers(lattice_, state.bed, drainage, choice);
        const FloatField uncarved = state.bed;
        for (const std::vector<CellCoord>& path : result_.rivers) {
            carveChannel(lattice_, state.bed, path, shape);
            const WorldPoint head = lattice_.worldPosition(path.front().x, path.front().y);
            result_.map.sources.push_back({PointSource::Kind::Spring, head.x, head.y, rivers.discharge, false, -1});
        }
        keepRiversDownhill(result_.rivers, state.bed);
        markCarved(uncarved);
        progress_.report(1.0);
        return !progress_.cancelled();
    }

    // Every cell the carving lowered: a river's bed or bank, which the erodibility makes sand.
    void markCarved(const FloatField& uncarved)
    {
        const FloatField& bed = result_.map.state.bed;
        carved_.assign(lattice_.cellCount(), 0);
        for (std::size_t i = 0; i < carved_.size(); ++i) carved_[i] = bed[i] < uncarved[i] ? 1 : 0;
    }

    // The map's erodibility from the finished terrain (Erodibility.h). Returns false when cancelled.
    bool assignErodibility(const Landscape& landscape)
    {
        LakeBedAt lakeBed;
        if (settings_.preset() == Preset::Lakes) lakeBed = [&](int x, int y) { return landscape.lakeBed(frame_.at(x, y)); };
        std::optional<FloatField> field = erodibilityField(lattice_, result_.map.state.bed, carved_, lakeBed, common().seaLevel,
                                                           settings_.material, options_.threads, progress_);
        if (!field) return false;
        result_.map.state.erodibility = std::move(*field);
        carved_ = {};
        return !progress_.cancelled();
    }

    // The erode stage: the map as made so far rains for erode_hours with erosion on; the eroded bed
    // replaces the terrain, its change since the generated terrain becomes the map's deposition,
    // and the water is placed again as for any generated map (the map starts still, at time 0).
    GenerationStatus erode()
    {
        progress_.setScale(100);
        progress_.beginPhase(kMakingShare, kErodeEnd);
        ErodeOutcome outcome = erodeTerrain(result_.map, settings_.erode, options_.threads, progress_);
        if (outcome.status != GenerationStatus::Ok) {
            erodeError_ = std::move(outcome.error);
            return outcome.status;
        }
        MapState& state = result_.map.state;
        FloatField deposition(lattice_.width(), lattice_.height());
        for (std::size_t i = 0; i < deposition.size(); ++i) deposition[i] = outcome.bed[i] - state.bed[i];
        state.bed = std::move(outcome.bed);
        state.deposition = std::move(deposition);
        std::fill(state.depth.values().begin(), state.depth.values().end(), 0.0f);
        progress_.beginPhase(kErodeEnd, kRewaterEnd);
        if (!placeWater()) return GenerationStatus::Cancelled;
        result_.map.params = simulationParams();
        result_.erosion = outcome.summary;
        return GenerationStatus::Ok;
    }

    // The entry-edge cell on the valley floor with the lowest bed (ties: the first along the side).
    CellCoord entryCell(const RiverLandscape& landscape) const
    {
        const Side side = settings_.river.entrySide;
        const FloatField& bed = result_.map.state.bed;
        CellCoord best{-1, -1}, nearest{0, 0};
        double nearestOff = 2.0;
        for (int p = 0; p < sideLength(lattice_, side); ++p) {
            const CellCoord c = borderCell(lattice_, side, p);
            const ValleyPoint vp = landscape.toValley(frame_.at(c.x, c.y));
            const double off = std::abs(vp.across - landscape.axisAcross(vp.along));
            if (off < nearestOff) {
                nearestOff = off;
                nearest = c;
            }
            if (off <= kFloorBand * settings_.river.valleyWidth && (best.x < 0 || bed(c.x, c.y) < bed(best.x, best.y))) best = c;
        }
        return best.x >= 0 ? best : nearest;
    }

    // Where the channel may end: any sea cell, or any cell of the exit edge.
    std::vector<std::uint8_t> channelTargets() const
    {
        if (settings_.river.end == RiverEnd::Sea)
            return seaCells(lattice_, result_.map.state.bed, result_.map.boundary, static_cast<float>(common().seaLevel));
        std::vector<std::uint8_t> targets(lattice_.cellCount(), 0);
        const Side exit = oppositeSide(settings_.river.entrySide);
        for (int p = 0; p < sideLength(lattice_, exit); ++p) {
            const CellCoord c = borderCell(lattice_, exit, p);
            targets[lattice_.index(c.x, c.y)] = 1;
        }
        return targets;
    }

    BoundarySegment inflowSegment(CellCoord entry, double halfWidth) const
    {
        const Side side = settings_.river.entrySide;
        const int position = (side == Side::North || side == Side::South) ? entry.x : entry.y;
        const int reach = std::max(1, static_cast<int>(std::floor(halfWidth / lattice_.cellSize())));
        const int last = sideLength(lattice_, side) - 1;
        return {side, std::max(0, position - reach), std::min(last, position + reach), BoundaryType::Inflow,
                settings_.river.discharge};
    }

    // The channel starts primed; the sea, wherever the border's sea can reach, stands at sea level.
    // Returns false when cancelled.
    bool placeWater()
    {
        if (progress_.cancelled()) return false;
        MapState& state = result_.map.state;
        const auto prime = static_cast<float>(settings_.river.primeDepth);
        for (std::size_t i = 0; i < channelBottom_.size(); ++i)
            if (channelBottom_[i]) state.depth[i] = prime;
        const auto sea = static_cast<float>(common().seaLevel);
        const std::vector<std::uint8_t> seaMask = seaCells(lattice_, state.bed, result_.map.boundary, sea);
        progress_.report(0.7);
        if (progress_.cancelled()) return false;
        fillSea(seaMask, state.bed, sea, state.depth);
        progress_.report(1.0);
        return !progress_.cancelled();
    }

    SimParams simulationParams() const
    {
        SimParams params = SimParams::forNewMap(lattice_.cellSize(), expectedMaxDepth(), presetManning());
        if (settings_.preset() == Preset::Lakes) params.rain = settings_.lakes.rain;
        return params;
    }

    // The bed roughness of what most of the preset's water runs over (docs/generator.md).
    double presetManning() const
    {
        switch (settings_.preset()) {
        case Preset::River: return kRiverBedManning;
        case Preset::Archipelago: return kSeaBedManning;
        case Preset::Lakes: return kLakeBasinManning;
        default: return kNaturalGroundManning;
        }
    }

    // The deepest water the preset's map should see while it runs, for choosing dt.
    double expectedMaxDepth() const
    {
        double initial = 0.0;
        for (float h : result_.map.state.depth.values()) initial = std::max(initial, static_cast<double>(h));
        switch (settings_.preset()) {
        case Preset::River: return std::max(initial, settings_.river.riverDepth + settings_.river.primeDepth) + 1.0;
        case Preset::Lakes: return std::max(initial, 1.5 * settings_.lakes.lakeDepth) + 1.0;
        default: return initial + 0.5;
        }
    }

    GenerationResult cancelled() const { return failure(GenerationStatus::Cancelled, "generation cancelled"); }

    const GeneratorSettings& settings_;
    const GenerationOptions& options_;
    ProgressTracker progress_;
    Lattice lattice_;
    MapFrame frame_;
    GenerationResult result_;
    std::vector<std::uint8_t> channelBottom_;
    std::vector<std::uint8_t> carved_; // cells the rivers' carving lowered; empty without rivers
    std::string routeError_;
    std::string erodeError_;
};

} // namespace

GenerationResult generateMap(const GeneratorSettings& settings, const GenerationOptions& options)
{
    if (std::string error = settings.validate(); !error.empty()) return failure(GenerationStatus::Invalid, error);
    // libgomp aborts when it cannot create the threads asked for: refuse absurd counts here.
    if (options.threads < 0 || options.threads > ranges::kMaxThreads)
        return failure(GenerationStatus::Invalid, std::string("threads must lie in 1..") + std::to_string(ranges::kMaxThreads) + " (0: OpenMP's default; got "
                                                      + std::to_string(options.threads) + ")");
    return GenerationRun(settings, options).run();
}

} // namespace rb::gen
