#include "GeneratorTestSupport.h"

#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <utility>

namespace rb::gen {
namespace {

using test::generateOrFail;
using test::smallSettings;

constexpr int kIslandSize = 128;
constexpr int kIslandSeeds = 20;
// docs/generator.md: with the default island parameters land covers 15–45% of the map (the
// ellipse alone covers 30%; the coast noise moves the coast in and out by up to 35% of the radius).
constexpr double kLandMin = 0.15;
constexpr double kLandMax = 0.45;

class IslandOnLattice : public ::testing::TestWithParam<LatticeKind> {};

TEST_P(IslandOnLattice, EveryBorderCellIsBelowSeaLevel)
{
    for (int seed = 1; seed <= kIslandSeeds; ++seed) {
        GeneratorSettings settings = smallSettings(Preset::Island, kIslandSize, GetParam(), seed);
        settings.common.seaLevel = 3.0; // a sea level other than 0 must be honoured too
        const Map map = generateOrFail(settings).map;
        const Lattice& lattice = map.state.lattice;
        for (int y = 0; y < lattice.height(); ++y)
            for (int x = 0; x < lattice.width(); ++x)
                if (x == 0 || y == 0 || x == lattice.width() - 1 || y == lattice.height() - 1) {
                    ASSERT_LT(map.state.bed(x, y), 3.0f) << "seed " << seed << " cell " << x << "," << y;
                }
    }
}

TEST_P(IslandOnLattice, LandFractionLiesInTheDocumentedRange)
{
    for (int seed = 1; seed <= kIslandSeeds; ++seed) {
        const Map map = generateOrFail(smallSettings(Preset::Island, kIslandSize, GetParam(), seed)).map;
        const double land = test::landFraction(map, 0.0);
        EXPECT_GE(land, kLandMin) << "seed " << seed;
        EXPECT_LE(land, kLandMax) << "seed " << seed;
    }
}

TEST_P(IslandOnLattice, HighestPointLiesInTheCentralHalf)
{
    for (int seed = 1; seed <= kIslandSeeds; ++seed) {
        const Map map = generateOrFail(smallSettings(Preset::Island, kIslandSize, GetParam(), seed)).map;
        const FloatField& bed = map.state.bed;
        int bx = 0, by = 0;
        for (int y = 0; y < bed.height(); ++y)
            for (int x = 0; x < bed.width(); ++x)
                if (bed(x, y) > bed(bx, by)) bx = x, by = y;
        EXPECT_GE(bx, kIslandSize / 4) << "seed " << seed;
        EXPECT_LT(bx, 3 * kIslandSize / 4) << "seed " << seed;
        EXPECT_GE(by, kIslandSize / 4) << "seed " << seed;
        EXPECT_LT(by, 3 * kIslandSize / 4) << "seed " << seed;
        EXPECT_GT(bed(bx, by), 50.0f) << "seed " << seed; // a mountain, not a flat blob
    }
}

// The initial sea is exactly the water the sea boundary can reach: depth = sea level − bed on
// every wet cell, every wet cell joined to the border through wet cells, and no dry cell under
// sea level next to a wet one (it would have been reached).
TEST_P(IslandOnLattice, InitialSeaFillsWhatTheBorderReachesAndNothingElse)
{
    const Map map = generateOrFail(smallSettings(Preset::Island, kIslandSize, GetParam(), 3)).map;
    const Lattice& lattice = map.state.lattice;
    const FloatField& bed = map.state.bed;
    const FloatField& depth = map.state.depth;
    std::vector<char> reached(lattice.cellCount(), 0);
    std::vector<CellCoord> queue;
    for (int y = 0; y < lattice.height(); ++y)
        for (int x = 0; x < lattice.width(); ++x) {
            if (depth(x, y) > 0.0f) {
                EXPECT_LT(bed(x, y), 0.0f);
                EXPECT_EQ(depth(x, y), 0.0f - bed(x, y));
            }
            const bool border = x == 0 || y == 0 || x == lattice.width() - 1 || y == lattice.height() - 1;
            if (border && depth(x, y) > 0.0f) {
                reached[lattice.index(x, y)] = 1;
                queue.push_back({x, y});
            }
        }
    for (std::size_t next = 0; next < queue.size(); ++next)
        for (const CellCoord n : test::neighbours(lattice, queue[next])) {
            const std::size_t i = lattice.index(n.x, n.y);
            if (depth[i] > 0.0f && !reached[i]) {
                reached[i] = 1;
                queue.push_back(n);
            }
            if (depth[i] == 0.0f) {
                EXPECT_GE(bed[i], 0.0f) << "dry cell under sea level beside the sea";
            }
        }
    std::size_t wet = 0;
    for (float h : depth.values()) wet += h > 0.0f ? 1 : 0;
    EXPECT_EQ(queue.size(), wet) << "wet cells not joined to the border";
    EXPECT_GT(wet, lattice.cellCount() / 3);
}

TEST_P(IslandOnLattice, SeaOnEverySideAndAStableTimeStep)
{
    GeneratorSettings settings = smallSettings(Preset::Island, kIslandSize, GetParam(), 1);
    settings.common.seaLevel = 2.0;
    const Map map = generateOrFail(settings).map;
    ASSERT_EQ(map.boundary.size(), 4u);
    for (Side side : {Side::North, Side::South, Side::West, Side::East}) {
        bool covered = false;
        for (const BoundarySegment& s : map.boundary)
            covered = covered || (s == wholeSide(map.state.lattice, side, BoundaryType::Sea, 2.0));
        EXPECT_TRUE(covered) << sideName(side);
    }
    double maxDepth = 0.0;
    for (float h : map.state.depth.values()) maxDepth = std::max(maxDepth, static_cast<double>(h));
    const double courant = std::sqrt(map.params.gravity * maxDepth) * map.params.dt / map.state.lattice.cellSize();
    EXPECT_LE(courant, 0.7);
    EXPECT_GE(courant, 0.3); // and not needlessly small
}

INSTANTIATE_TEST_SUITE_P(Generator, IslandOnLattice, ::testing::Values(LatticeKind::Square, LatticeKind::Triangle),
                         [](const auto& info) { return std::string(latticeKindName(info.param)); });

// Connected pieces of land (bed above sea level), joined through lattice neighbours.
int landMasses(const Map& map)
{
    const Lattice& lattice = map.state.lattice;
    std::vector<char> seen(lattice.cellCount(), 0);
    int masses = 0;
    for (int y = 0; y < lattice.height(); ++y)
        for (int x = 0; x < lattice.width(); ++x) {
            if (seen[lattice.index(x, y)] || map.state.bed(x, y) <= 0.0f) continue;
            ++masses;
            std::vector<CellCoord> stack{{x, y}};
            seen[lattice.index(x, y)] = 1;
            while (!stack.empty()) {
                const CellCoord c = stack.back();
                stack.pop_back();
                for (const CellCoord n : test::neighbours(lattice, c))
                    if (!seen[lattice.index(n.x, n.y)] && map.state.bed(n.x, n.y) > 0.0f) {
                        seen[lattice.index(n.x, n.y)] = 1;
                        stack.push_back(n);
                    }
            }
        }
    return masses;
}

TEST(Archipelago, SeveralIslandsInASeaThatReachesEveryBorderCell)
{
    for (int seed = 1; seed <= 10; ++seed) {
        const Map map = generateOrFail(smallSettings(Preset::Archipelago, kIslandSize, LatticeKind::Square, seed)).map;
        EXPECT_GE(landMasses(map), 3) << "seed " << seed;
        const double land = test::landFraction(map, 0.0);
        EXPECT_GT(land, 0.05) << "seed " << seed;
        EXPECT_LT(land, 0.7) << "seed " << seed;
        for (int i = 0; i < kIslandSize; ++i)
            for (CellCoord c : {CellCoord{i, 0}, CellCoord{i, kIslandSize - 1}, CellCoord{0, i}, CellCoord{kIslandSize - 1, i}})
                ASSERT_GT(map.state.depth(c.x, c.y), 0.0f) << "seed " << seed;
        EXPECT_EQ(map.boundary.size(), 4u);
    }
}

// A long thin strip still holds islands in a sea: the border sink, the island sizes and margins
// scale down with the shorter side (at 64:1 a fixed sink sank everything, and one archipelago
// island filled the strip).
TEST(IslandsOnAStrip, KeepLandAndSeaOnLongThinMaps)
{
    for (const Preset preset : {Preset::Island, Preset::Archipelago})
        for (const auto& [width, height] : {std::pair{1024, 32}, std::pair{32, 1024}})
            for (const LatticeKind lattice : {LatticeKind::Square, LatticeKind::Triangle}) {
                GeneratorSettings settings = smallSettings(preset, 32, lattice, 1);
                settings.common.width = width;
                settings.common.height = height;
                const Map map = generateOrFail(settings).map;
                const double land = test::landFraction(map, 0.0);
                const std::string where = std::to_string(width) + "x" + std::to_string(height) + " preset " +
                                          std::to_string(static_cast<int>(preset));
                EXPECT_GT(land, 0.01) << where;
                EXPECT_LT(land, 0.45) << where;
            }
}

} // namespace
} // namespace rb::gen
