#include "generator/ArchipelagoLandscape.h"

#include "generator/NoiseSetup.h"
#include "generator/Shaping.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace rb::gen {
namespace {

constexpr double kArchipelagoEdgeFade = 0.06;    // noise units over which the border sink fades out
constexpr double kArchipelagoSiteMargin = 0.05;  // noise units kept between an island's circle and the edge
constexpr double kMostRadius = 0.4;   // the largest mean island radius, as a fraction of the shorter side
constexpr double kMostMargin = 0.1;   // the largest edge margin, as a fraction of the shorter side
constexpr double kBeachHeight = 1.5;  // m
constexpr double kBeachWidth = 0.08;  // fraction of the island's radius

} // namespace

ArchipelagoLandscape::ArchipelagoLandscape(const CommonParams& common, const ArchipelagoParams& params, const MapFrame& frame)
    : common_(common), params_(params), frame_(frame)
{
    // Sizes and margins are fractions of the longer side; on a long thin strip they are capped by
    // the shorter one, or one island filled the strip (65% land at 64:1). Maps up to 2:1 keep them.
    const double shorter = std::min(frame.spanX(), frame.spanY());
    const double meanRadius = std::min(params.islandSize, kMostRadius * shorter);
    const double margin = std::min(kArchipelagoSiteMargin, kMostMargin * shorter);
    islands_ = scatterSites(SeededRandom(common.seed, 2),
                            {params.islandCount, meanRadius, 0.5, 1.5, frame.spanX(), frame.spanY(), margin, 1.0 + params.coastRoughness});
    const SeededRandom seeds(common.seed, 3);
    coast_.configure(common, seeds.noiseSeed(0), seeds.noiseSeed(1), {1.5, 3}, 3.0, 0.02);
    hills_.configure(common, seeds.noiseSeed(2), seeds.noiseSeed(3), seeds.noiseSeed(4), {{2.0, 30}, {2.5, 30}, {0.8, 2}});
    // Where the control noise is high the hills are ridged, elsewhere rounded, with a soft seam.
    hills_.mix().SetBounds(0.2, 10.0);
    hills_.mix().SetEdgeFalloff(0.15);
    configure(peaksBase_, common, seeds.noiseSeed(5), {2.0, 30});
    peaks_.SetSourceModule(0, peaksBase_);
    peaks_.SetScale(0.5);
    peaks_.SetBias(0.5);
}

double ArchipelagoLandscape::elevation(FramePoint p) const
{
    const double nx = frame_.noiseX(p), ny = frame_.noiseY(p);
    const double coastNoise = coast_.at(nx, ny);
    // The island whose coast is relatively nearest decides the land; the sea floor is as shallow as
    // the nearest shelf makes it.
    const Site* best = nullptr;
    double bestInland = -std::numeric_limits<double>::infinity();
    double seaDepthFraction = 1.0;
    for (const Site& island : islands_) {
        const double beyondCoast = std::hypot(nx - island.x, ny - island.y) - island.radius * (1.0 + params_.coastRoughness * coastNoise);
        const double inland = -beyondCoast / island.radius;
        if (inland > bestInland) {
            bestInland = inland;
            best = &island;
        }
        seaDepthFraction = std::min(seaDepthFraction, smoothstep(0.0, params_.shelfWidth * island.radius, beyondCoast));
    }
    const double sea = common_.seaLevel;
    const double elevation = best && bestInland > 0.0 ? landElevation(bestInland, *best, nx, ny)
                                                      : sea - (sea - common_.minHeight) * seaDepthFraction;
    const double edgeFloor = sea - 0.5 * (sea - common_.minHeight);
    return sinkNearEdge(elevation, frame_.edgeDistance(p), frame_.borderBand(), frame_.edgeFade(kArchipelagoEdgeFade), edgeFloor);
}

double ArchipelagoLandscape::landElevation(double inland, const Site& island, double nx, double ny) const
{
    const double beach = kBeachHeight * smoothstep(0.0, kBeachWidth, inland);
    const double hills = params_.hillHeight * smoothstep(kBeachWidth, kBeachWidth + 0.3, inland)
                         * unitNoise(hills_.at(nx, ny));
    // Big islands get proportionally higher peaks: a 1.5× island carries the full mountain_height.
    const double sizeFactor = std::min(1.0, island.radius / (1.5 * params_.islandSize));
    const double peaks = params_.mountainHeight * sizeFactor * smoothstep(0.25, 1.0, inland)
                         * (0.4 + 0.6 * clamp01(sampleNoise(peaks_, nx, ny)));
    return common_.seaLevel + beach + hills + peaks;
}

} // namespace rb::gen
