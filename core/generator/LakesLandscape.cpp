#include "generator/LakesLandscape.h"

#include "generator/NoiseSetup.h"
#include "generator/Shaping.h"

#include <cmath>
#include <limits>

namespace rb::gen {
namespace {

constexpr double kLevelRing = 0.35; // radii outside the shore over which the land levels out
constexpr double kRimWidth = 0.1;   // noise units of raised rim inside the map edge
constexpr double kLakesSiteMargin = 0.12; // keeps basins off the rim
constexpr double kSandyShore = 0.1;  // radii outside the shore that are still sand

} // namespace

LakesLandscape::LakesLandscape(const CommonParams& common, const LakesParams& params, const MapFrame& frame)
    : common_(common), params_(params), frame_(frame)
{
    const SeededRandom seeds(common.seed, 5);
    shore_.configure(common, seeds.noiseSeed(0), seeds.noiseSeed(1), {2.0, 3}, 3.0, 0.015);
    configure(hillsBase_, common, seeds.noiseSeed(2), {1.0, 30});
    hills_.SetSourceModule(0, hillsBase_);
    hills_.SetScale(0.5);
    hills_.SetBias(0.5);
    // Lakes are spaced so that their level rings rarely overlap.
    lakes_ = scatterSites(SeededRandom(common.seed, 4),
                          {params.lakeCount, params.lakeRadius, 0.6, 1.4, frame.spanX(), frame.spanY(), kLakesSiteMargin,
                           1.0 + params.shoreRoughness + kLevelRing});
    for (const Site& lake : lakes_) centreLand_.push_back(landAt(lake.x, lake.y));
}

double LakesLandscape::landAt(double nx, double ny) const
{
    return common_.seaLevel + params_.hillHeight * clamp01(sampleNoise(hills_, nx, ny));
}

LakesLandscape::NearestLake LakesLandscape::nearestLake(double nx, double ny) const
{
    const double shoreNoise = shore_.at(nx, ny);
    std::size_t nearest = lakes_.size();
    double bestInland = -std::numeric_limits<double>::infinity();
    for (std::size_t i = 0; i < lakes_.size(); ++i) {
        const Site& lake = lakes_[i];
        const double beyondShore = std::hypot(nx - lake.x, ny - lake.y) - lake.radius * (1.0 + params_.shoreRoughness * shoreNoise);
        const double inland = -beyondShore / lake.radius; // positive inside the lake, 1 at its centre
        if (inland > bestInland) {
            bestInland = inland;
            nearest = i;
        }
    }
    return {nearest, bestInland};
}

double LakesLandscape::lakeBed(FramePoint p) const
{
    const NearestLake lake = nearestLake(frame_.noiseX(p), frame_.noiseY(p));
    return lake.index < lakes_.size() ? smoothstep(-kSandyShore, 0.0, lake.inland) : 0.0;
}

double LakesLandscape::elevation(FramePoint p) const
{
    const double nx = frame_.noiseX(p), ny = frame_.noiseY(p);
    double elevation = landAt(nx, ny);
    const auto [nearest, bestInland] = nearestLake(nx, ny);
    if (nearest < lakes_.size() && bestInland > -kLevelRing) {
        const double level = lerp(elevation, centreLand_[nearest], smoothstep(-kLevelRing, 0.0, bestInland));
        const double t = std::min(bestInland, 1.0);
        const double bowl = bestInland > 0.0 ? params_.lakeDepth * (1.0 - (1.0 - t) * (1.0 - t)) : 0.0;
        elevation = level - bowl;
    }
    const double rim = 1.0 - smoothstep(frame_.borderBand(), frame_.borderBand() + kRimWidth, frame_.edgeDistance(p));
    return elevation + params_.rimHeight * rim;
}

} // namespace rb::gen
