#include "io/export/SplatWeights.h"

#include "io/export/WaterDistance.h"
#include "io/raster/ExportImage.h"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <numeric>

namespace rb::io {
namespace {

constexpr int kSlope = 0, kGround = 1, kWet = 2, kShore = 3;
constexpr int kFullWeight = 255;

double smoothstep(double edge0, double edge1, double x)
{
    if (edge1 <= edge0) return x >= edge1 ? 1.0 : 0.0;
    const double t = std::clamp((x - edge0) / (edge1 - edge0), 0.0, 1.0);
    return t * t * (3.0 - 2.0 * t);
}

// The terrain's slope angle (degrees) at a sample: central differences inside, one-sided at the
// grid's edges.
double slopeDegrees(const FloatField& bed, int x, int y, double stepX, double stepY)
{
    const int w = bed.width(), h = bed.height();
    const int x0 = std::max(x - 1, 0), x1 = std::min(x + 1, w - 1);
    const int y0 = std::max(y - 1, 0), y1 = std::min(y + 1, h - 1);
    const double gx = x1 > x0 ? (bed(x1, y) - bed(x0, y)) / ((x1 - x0) * stepX) : 0.0;
    const double gy = y1 > y0 ? (bed(x, y1) - bed(x, y0)) / ((y1 - y0) * stepY) : 0.0;
    return std::atan(std::hypot(gx, gy)) * 180.0 / std::numbers::pi;
}

// Where the shore band is measured from: wet samples, and dry ones below the sea level.
Field<std::uint8_t> waterEdges(const FloatField& bed, const FloatField& depth, const SplatSettings& settings)
{
    Field<std::uint8_t> water(bed.width(), bed.height());
    for (std::size_t i = 0; i < water.size(); ++i)
        water[i] = depth[i] >= settings.wetDepth || (settings.seaLevel && bed[i] < *settings.seaLevel);
    return water;
}

} // namespace

const std::array<const char*, 4>& splatChannelNames()
{
    static const std::array<const char*, 4> names{"slope", "ground", "wet", "shore"};
    return names;
}

SplatWeights splatWeights(const MapState& state, const ExportGrid& grid, const SplatSettings& settings)
{
    const FloatField bed = sampleGrid(state.bed, state.lattice, grid);
    const FloatField depth = sampleGrid(state.depth, state.lattice, grid);
    SplatWeights out;
    out.settings = resolveSplatSettings(settings, valueSpan(bed), std::min(grid.stepX, grid.stepY));
    const SplatSettings& s = out.settings;
    const FloatField shoreDistance = distanceToWater(waterEdges(bed, depth, s), grid.stepX, grid.stepY);
    for (auto& channel : out.channels) channel = FloatField(grid.width, grid.height);
    for (int y = 0; y < grid.height; ++y) {
        for (int x = 0; x < grid.width; ++x) {
            const double steep = smoothstep(s.slopeDegrees.low, s.slopeDegrees.high, slopeDegrees(bed, x, y, grid.stepX, grid.stepY));
            const double rock = std::max(steep, smoothstep(s.band->low, s.band->high, bed(x, y)));
            const double wet = depth(x, y) >= s.wetDepth ? 1.0 : 0.0;
            const double shore = std::max(0.0, 1.0 - shoreDistance(x, y) / *s.shoreWidth);
            const double slopeWeight = rock * (1.0 - wet);
            const double shoreWeight = shore * (1.0 - wet - slopeWeight);
            out.channels[kWet](x, y) = static_cast<float>(wet);
            out.channels[kSlope](x, y) = static_cast<float>(slopeWeight);
            out.channels[kShore](x, y) = static_cast<float>(shoreWeight);
            out.channels[kGround](x, y) = static_cast<float>(std::max(0.0, 1.0 - wet - slopeWeight - shoreWeight));
        }
    }
    return out;
}

ExportGrid splatGrid(const Lattice& lattice, const ExportSettings& settings)
{
    const ExportGrid grid = exportGrid(lattice, settings);
    if (settings.engine != Engine::Unity) return grid;
    return vertexGrid(lattice, grid.width - 1, grid.height - 1);
}

std::vector<std::uint8_t> splatLevels(const SplatWeights& weights)
{
    const std::size_t samples = weights.channels[0].size();
    std::vector<std::uint8_t> levels(samples * 4);
    for (std::size_t i = 0; i < samples; ++i) {
        std::array<double, 4> scaled{};
        std::array<int, 4> level{};
        for (int c = 0; c < 4; ++c) {
            scaled[c] = std::clamp(static_cast<double>(weights.channels[c][i]), 0.0, 1.0) * kFullWeight;
            level[c] = static_cast<int>(std::floor(scaled[c]));
        }
        std::array<int, 4> order{0, 1, 2, 3};
        std::stable_sort(order.begin(), order.end(), [&](int a, int b) { return scaled[a] - level[a] > scaled[b] - level[b]; });
        const int spare = kFullWeight - std::accumulate(level.begin(), level.end(), 0);
        for (int k = 0; k < spare && k < 4; ++k) ++level[order[k]];
        for (int c = 0; c < 4; ++c) levels[i * 4 + c] = static_cast<std::uint8_t>(level[c]);
    }
    return levels;
}

} // namespace rb::io
