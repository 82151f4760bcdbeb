#include "CurrentsTestMaps.h"

#include "generator/TerrainGenerator.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>

namespace rb::test {

Map generatedIsland(LatticeKind kind, int size)
{
    gen::GeneratorSettings settings(gen::Preset::Island);
    settings.common.width = size;
    settings.common.height = size;
    settings.common.lattice = kind;
    settings.island.radius = 0.3;
    gen::GenerationResult result = gen::generateMap(settings);
    EXPECT_TRUE(result.ok()) << result.error;
    return result.map;
}

Map paddedIsland(LatticeKind kind, int size, int pad)
{
    const Map island = generatedIsland(kind, size);
    const Lattice& from = island.state.lattice;
    Map map;
    map.state = MapState(Lattice(kind, size + 2 * pad, size, from.cellSize()));
    for (int y = 0; y < size; ++y)
        for (int x = 0; x < size + 2 * pad; ++x) {
            const int source = std::clamp(x - pad, 0, size - 1);
            map.state.bed(x, y) = island.state.bed(source, y);
            map.state.depth(x, y) = island.state.depth(source, y);
        }
    return map;
}

Map gaussianIsland(LatticeKind kind, int width, int height, double depth)
{
    Map map;
    map.state = MapState(Lattice(kind, width, height, 5.0));
    const Lattice& lattice = map.state.lattice;
    const double cx = 0.4 * lattice.worldWidth(), cy = 0.5 * lattice.worldHeight();
    const double radius = 0.1 * lattice.worldHeight();
    for (int y = 0; y < height; ++y)
        for (int x = 0; x < width; ++x) {
            const WorldPoint p = lattice.worldPosition(x, y);
            const double r2 = ((p.x - cx) * (p.x - cx) + (p.y - cy) * (p.y - cy)) / (radius * radius);
            const double bed = -depth + (depth + 10.0) * std::exp(-r2);
            map.state.bed(x, y) = static_cast<float>(bed);
            map.state.depth(x, y) = static_cast<float>(std::max(0.0, -bed));
        }
    return map;
}

CurrentsSettings eastwardCurrent(double speed)
{
    CurrentsSettings settings;
    settings.sideSpeed[static_cast<std::size_t>(Side::West)] = speed;
    settings.sideSpeed[static_cast<std::size_t>(Side::East)] = -speed;
    return settings;
}

std::vector<double> distanceToLand(const Lattice& lattice, const FloatField& depth, float wetDepth)
{
    std::vector<WorldPoint> land;
    for (int y = 0; y < lattice.height(); ++y)
        for (int x = 0; x < lattice.width(); ++x)
            if (!(depth(x, y) > wetDepth)) land.push_back(lattice.worldPosition(x, y));
    std::vector<double> distance(lattice.cellCount(), std::numeric_limits<double>::max());
    for (int y = 0; y < lattice.height(); ++y)
        for (int x = 0; x < lattice.width(); ++x) {
            const WorldPoint p = lattice.worldPosition(x, y);
            double& d = distance[lattice.index(x, y)];
            for (const WorldPoint& q : land) d = std::min(d, std::hypot(p.x - q.x, p.y - q.y));
        }
    return distance;
}

} // namespace rb::test
