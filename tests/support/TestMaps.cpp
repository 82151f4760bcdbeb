#include "TestMaps.h"

#include <algorithm>
#include <cmath>
#include <random>

namespace rb::test {

FloatField roughTerrain(const Lattice& lattice, std::uint32_t seed, float amplitude, int passes)
{
    std::mt19937 random(seed);
    std::uniform_real_distribution<float> unit(0.0f, 1.0f);
    const int w = lattice.width(), h = lattice.height();
    FloatField field(w, h);
    for (float& v : field.values()) v = unit(random);
    for (int pass = 0; pass < passes; ++pass) {
        FloatField blurred(w, h);
        for (int y = 0; y < h; ++y)
            for (int x = 0; x < w; ++x) {
                float sum = 0.0f;
                int count = 0;
                for (int dy = -1; dy <= 1; ++dy)
                    for (int dx = -1; dx <= 1; ++dx)
                        if (lattice.contains(x + dx, y + dy)) {
                            sum += field(x + dx, y + dy);
                            ++count;
                        }
                blurred(x, y) = sum / static_cast<float>(count);
            }
        field = std::move(blurred);
    }
    const auto [lo, hi] = std::minmax_element(field.values().begin(), field.values().end());
    const float low = *lo, range = std::max(*hi - *lo, 1e-6f);
    for (float& v : field.values()) v = (v - low) / range * amplitude;
    return field;
}

FloatField randomDepth(const Lattice& lattice, std::uint32_t seed, float maxDepth)
{
    std::mt19937 random(seed);
    std::uniform_real_distribution<float> depth(0.0f, maxDepth);
    FloatField field(lattice.width(), lattice.height());
    for (float& v : field.values()) v = depth(random);
    return field;
}

void fillTo(MapState& state, float level)
{
    for (std::size_t i = 0; i < state.depth.size(); ++i) state.depth[i] = std::max(0.0f, level - state.bed[i]);
}

Map basinMap(const Lattice& lattice, const FloatField& bed)
{
    Map map;
    map.state = MapState(lattice);
    map.state.bed = bed;
    return map;
}

float minDepth(const MapState& state)
{
    return *std::min_element(state.depth.values().begin(), state.depth.values().end());
}

Lattice latticeOfExtent(LatticeKind kind, int width, int height)
{
    return Lattice(kind, width, kind == LatticeKind::Square ? height : static_cast<int>(std::lround(height / 0.8660254)), 1.0);
}

double volumeOf(const Lattice& lattice, const std::vector<float>& perCell)
{
    double sum = 0.0;
    for (float v : perCell) sum += v;
    return sum * lattice.cellArea();
}

} // namespace rb::test
