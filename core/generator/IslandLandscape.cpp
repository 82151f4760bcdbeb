#include "generator/IslandLandscape.h"

#include "generator/NoiseSetup.h"
#include "generator/SeededRandom.h"
#include "generator/Shaping.h"

#include <cmath>

namespace rb::gen {
namespace {

constexpr double kMassifReach = 0.5; // centre distance (1 = edge middle) where the massif ends
constexpr double kHillRamp = 0.25;   // inland distance over which hills rise behind the beach
constexpr double kIslandEdgeFade = 0.06;   // noise units over which the border sink fades out

} // namespace

IslandLandscape::IslandLandscape(const CommonParams& common, const IslandParams& island, const MapFrame& frame)
    : common_(common), island_(island), frame_(frame)
{
    const SeededRandom seeds(common.seed, 1);
    coast_.configure(common, seeds.noiseSeed(0), seeds.noiseSeed(1), {0.7, 3}, 2.0, 0.04);
    hills_.configure(common, seeds.noiseSeed(2), seeds.noiseSeed(3), seeds.noiseSeed(4), {{1.0, 30}, {1.5, 30}, {0.5, 2}});
    configure(massif_, common, seeds.noiseSeed(5), {1.2, 30});
}

double IslandLandscape::elevation(FramePoint p) const
{
    const double nx = frame_.noiseX(p), ny = frame_.noiseY(p);
    // Distance from the centre with the inscribed ellipse at 1.
    const double centreDistance = std::hypot((p.u - 0.5) / 0.5, (p.v - 0.5) / 0.5);
    const double radius = island_.radius;
    const double coastNoise = coast_.at(nx, ny);
    const double beyondCoast = centreDistance - radius * (1.0 + island_.coastRoughness * coastNoise);
    const double sea = common_.seaLevel;
    const double elevation = beyondCoast >= 0.0
        ? sea - (sea - common_.minHeight) * smoothstep(0.0, island_.shelfWidth * radius, beyondCoast)
        : landElevation(-beyondCoast / radius, centreDistance, nx, ny);
    const double edgeFloor = sea - 0.5 * (sea - common_.minHeight);
    return sinkNearEdge(elevation, frame_.edgeDistance(p), frame_.borderBand(), frame_.edgeFade(kIslandEdgeFade), edgeFloor);
}

double IslandLandscape::landElevation(double inland, double centreDistance, double nx, double ny) const
{
    // inland: 0 on the coast, about 1 at the centre (in radii).
    const double beachWidth = std::max(island_.beachWidth, 1e-6);
    const double beach = island_.beachHeight * smoothstep(0.0, beachWidth, inland);
    const double hillside = smoothstep(beachWidth, beachWidth + kHillRamp, inland);
    const double hills = island_.hillHeight * hillside * unitNoise(hills_.at(nx, ny));
    double massif = 0.0;
    if (centreDistance < kMassifReach) {
        // A floor of 55% keeps the massif standing out even where the ridges happen to be low.
        const double ridges = 0.55 + 0.45 * unitNoise(sampleNoise(massif_, nx, ny));
        massif = island_.mountainHeight * hillside * (1.0 - smoothstep(0.0, kMassifReach, centreDistance)) * ridges;
    }
    return common_.seaLevel + beach + hills + massif;
}

} // namespace rb::gen
