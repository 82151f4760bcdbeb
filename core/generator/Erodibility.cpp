#include "generator/Erodibility.h"

#include "generator/ParallelRows.h"
#include "generator/Shaping.h"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace rb::gen {
namespace {

constexpr double kSlopeBlend = 0.7;   // rock from this share of the rock slope's gradient
constexpr double kHeightBlend = 0.1;  // rock from rock_height minus this
constexpr double kSandFade = 1.0;     // m above sand_height over which sand turns to soil

double steepestDrop(const Lattice& lattice, const FloatField& bed, int x, int y)
{
    const double own = bed(x, y);
    double slope = 0.0;
    for (int f = 0; f < lattice.familyCount(); ++f) {
        const EdgeFamily& family = lattice.family(f);
        for (const CellOffset o : {family.tailOffset(y), family.headOffset(y)})
            if (lattice.contains(x + o.dx, y + o.dy)) slope = std::max(slope, (own - bed(x + o.dx, y + o.dy)) / family.pipeLength);
    }
    return slope;
}

} // namespace

float materialErodibility(const CellGround& ground, const MaterialParams& params)
{
    const double rockGradient = std::tan(params.rockSlope * std::numbers::pi / 180.0);
    const double steep = smoothstep(kSlopeBlend * rockGradient, rockGradient, ground.slope);
    const double high = ground.heightFraction > 0.0
                            ? smoothstep(params.rockHeight - kHeightBlend, params.rockHeight, ground.heightFraction)
                            : 0.0;
    const double rock = std::max(steep, high);
    const double beach = 1.0 - smoothstep(params.sandHeight, params.sandHeight + kSandFade, ground.aboveSea);
    const double sand = ground.carved ? 1.0 : std::max(beach, clamp01(ground.lakeBed));
    const double ground01 = lerp(params.soilErodibility, params.rockErodibility, rock);
    return static_cast<float>(std::clamp(lerp(ground01, 1.0, sand), 0.0, 1.0));
}

std::optional<FloatField> erodibilityField(const Lattice& lattice, const FloatField& bed, const std::vector<std::uint8_t>& carved,
                                           const LakeBedAt& lakeBed, double seaLevel, const MaterialParams& params, int threads,
                                           ProgressTracker& progress)
{
    const double peak = *std::max_element(bed.values().begin(), bed.values().end());
    return erodibilityField(lattice, bed, peak, carved, lakeBed, seaLevel, params, threads, progress);
}

std::optional<FloatField> erodibilityField(const Lattice& lattice, const FloatField& bed, double peak, const std::vector<std::uint8_t>& carved,
                                           const LakeBedAt& lakeBed, double seaLevel, const MaterialParams& params, int threads,
                                           ProgressTracker& progress)
{
    const double relief = peak - seaLevel;
    FloatField erodibility(lattice.width(), lattice.height());
    const bool done = runRows(lattice.height(), threads, progress, [&](int y) {
        for (int x = 0; x < lattice.width(); ++x) {
            const std::size_t cell = lattice.index(x, y);
            CellGround ground;
            ground.slope = steepestDrop(lattice, bed, x, y);
            ground.aboveSea = bed[cell] - seaLevel;
            ground.heightFraction = relief > 0.0 ? ground.aboveSea / relief : 0.0;
            ground.lakeBed = lakeBed ? lakeBed(x, y) : 0.0;
            ground.carved = !carved.empty() && carved[cell] != 0;
            erodibility[cell] = materialErodibility(ground, params);
        }
    });
    if (!done) return std::nullopt;
    return erodibility;
}

} // namespace rb::gen
