#include "generator/RiverLandscape.h"

#include "generator/NoiseSetup.h"
#include "generator/SeededRandom.h"
#include "generator/Shaping.h"

#include <cmath>

namespace rb::gen {
namespace {

constexpr double kFlatFloor = 0.35;    // fraction of the valley's half width that is flat floor
constexpr double kCoastWobble = 0.25;  // coast line variation, fraction of sea_fraction
constexpr double kShoreFade = 0.05;    // along-distance over which the land flattens into the coast
constexpr double kOutflowFloor = 0.15; // floor at the exit edge without a sea, fraction of source_height
constexpr double kClimbCost = 20.0;    // channel cost per valley_depth/2 of height above the floor
constexpr double kMeanderCost = 4.0;   // channel cost of straying from the meander line, at meander = 1
constexpr double kTextureCost = 1.0;   // channel cost of the 2D wiggle noise, at meander = 1

bool flowsNorthSouth(Side entry) { return entry == Side::North || entry == Side::South; }

} // namespace

RiverLandscape::RiverLandscape(const CommonParams& common, const RiverParams& river, const MapFrame& frame)
    : common_(common), river_(river), frame_(frame),
      alongSpan_(flowsNorthSouth(river.entrySide) ? frame.spanY() : frame.spanX()),
      acrossSpan_(flowsNorthSouth(river.entrySide) ? frame.spanX() : frame.spanY())
{
    const SeededRandom seeds(common.seed, 6);
    configure(axis_, common, seeds.noiseSeed(0), {0.5, 3});
    configure(coast_, common, seeds.noiseSeed(1), {1.0, 3});
    configure(hills_, common, seeds.noiseSeed(2), {1.0, 30});
    configure(mountains_, common, seeds.noiseSeed(3), {1.2, 30});
    configure(floorTexture_, common, seeds.noiseSeed(4), {4.0, 4});
    configure(meander_, common, seeds.noiseSeed(5), {3.0, 3});
    configure(meanderLine_, common, seeds.noiseSeed(6), {2.5, 3});
}

ValleyPoint RiverLandscape::toValley(FramePoint p) const
{
    switch (river_.entrySide) {
    case Side::North: return {p.v, p.u};
    case Side::South: return {1.0 - p.v, 1.0 - p.u};
    case Side::West: return {p.u, 1.0 - p.v};
    case Side::East: return {1.0 - p.u, p.v};
    }
    return {p.v, p.u};
}

double RiverLandscape::axisAcross(double along) const
{
    const double half = 0.5 * river_.valleyWidth;
    const double lo = half + 0.05, hi = 1.0 - half - 0.05;
    if (lo >= hi) return 0.5;
    const double wander = 0.5 * river_.meander * sampleNoise(axis_, along * alongSpan_, 0.5);
    return std::clamp(0.5 + wander, lo, hi);
}

double RiverLandscape::meanderAcross(double along) const
{
    const double floorHalf = kFlatFloor * 0.5 * river_.valleyWidth;
    return axisAcross(along) + 0.9 * floorHalf * sampleNoise(meanderLine_, along * alongSpan_, 0.5);
}

double RiverLandscape::coastAlong(double across) const
{
    if (river_.end == RiverEnd::Outflow) return 2.0;
    const double wobble = std::clamp(sampleNoise(coast_, across * acrossSpan_, 0.5), -1.0, 1.0);
    return 1.0 - river_.seaFraction * (1.0 - kCoastWobble * wobble);
}

double RiverLandscape::floorElevation(double along, double coast) const
{
    const double drop = river_.end == RiverEnd::Sea ? along / coast : (1.0 - kOutflowFloor) * along;
    return common_.seaLevel + river_.sourceHeight * (1.0 - std::min(drop, 1.0));
}

double RiverLandscape::elevation(FramePoint p) const
{
    const ValleyPoint vp = toValley(p);
    const double coast = coastAlong(vp.across);
    const double sea = common_.seaLevel;
    if (vp.along >= coast)
        return sea - (sea - common_.minHeight) * smoothstep(0.0, 0.6 * river_.seaFraction, vp.along - coast);
    const double nx = frame_.noiseX(p), ny = frame_.noiseY(p);
    const double half = 0.5 * river_.valleyWidth;
    const double offAxis = std::abs(vp.across - axisAcross(vp.along));
    const double hillNoise = unitNoise(sampleNoise(hills_, nx, ny));
    const double walls = river_.valleyDepth * smoothstep(kFlatFloor * half, half, offAxis) * (0.75 + 0.25 * hillNoise);
    const double hills = river_.hillHeight * smoothstep(0.5 * half, 1.2 * half, offAxis) * hillNoise;
    const double mountains = offAxis > half
        ? river_.mountainHeight * smoothstep(half, half + 0.3, offAxis) * unitNoise(sampleNoise(mountains_, nx, ny))
        : 0.0;
    // Small bumps on the floor give the least-cost channel something to wind around.
    const double texture = (0.5 + 0.02 * river_.valleyDepth) * unitNoise(sampleNoise(floorTexture_, nx, ny));
    const double landWeight = river_.end == RiverEnd::Sea ? smoothstep(0.0, kShoreFade, coast - vp.along) : 1.0;
    return floorElevation(vp.along, coast) + landWeight * (walls + hills + mountains + texture);
}

double RiverLandscape::channelCost(FramePoint p, double bed) const
{
    const ValleyPoint vp = toValley(p);
    const double coast = coastAlong(vp.across);
    const double floor = vp.along < coast ? floorElevation(vp.along, coast) : common_.seaLevel;
    const double climb = std::max(0.0, bed - floor) / std::max(1.0, 0.5 * river_.valleyDepth);
    // The channel is drawn to a winding line on the valley floor and jostled by 2D noise.
    const double floorHalf = kFlatFloor * 0.5 * river_.valleyWidth;
    const double stray = std::min(1.0, std::abs(vp.across - meanderAcross(vp.along)) / floorHalf);
    const double wiggle = unitNoise(sampleNoise(meander_, frame_.noiseX(p), frame_.noiseY(p)));
    return 1.0 + kClimbCost * climb + river_.meander * (kMeanderCost * stray + kTextureCost * wiggle);
}

} // namespace rb::gen
