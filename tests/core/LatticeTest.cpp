#include "lattice/Lattice.h"

#include <gtest/gtest.h>

#include <cmath>
#include <set>
#include <utility>

namespace rb {
namespace {

class LatticeKinds : public ::testing::TestWithParam<LatticeKind> {};

// Every pair of neighbouring cells must be joined by exactly one edge of one family, and each
// family's forward and backward offsets must describe the same edges.
TEST_P(LatticeKinds, FamiliesJoinEachNeighbourPairExactlyOnce)
{
    const Lattice lattice(GetParam(), 7, 6, 2.0);
    std::multiset<std::pair<std::size_t, std::size_t>> pairs;
    for (int f = 0; f < lattice.familyCount(); ++f) {
        const EdgeFamily& family = lattice.family(f);
        for (int y = 0; y < lattice.height(); ++y)
            for (int x = 0; x < lattice.width(); ++x) {
                const CellOffset t = family.tailOffset(y);
                const int tx = x + t.dx, ty = y + t.dy;
                if (!lattice.contains(tx, ty)) continue;
                const CellOffset h = family.headOffset(ty);
                EXPECT_EQ(tx + h.dx, x);
                EXPECT_EQ(ty + h.dy, y);
                const std::size_t a = lattice.index(x, y), b = lattice.index(tx, ty);
                pairs.insert({std::min(a, b), std::max(a, b)});
            }
    }
    for (const auto& p : pairs) EXPECT_EQ(pairs.count(p), 1u);
    // Interior cells have 4 (square) or 6 (triangle) neighbours: count incident edges.
    std::vector<int> degree(lattice.cellCount(), 0);
    for (const auto& [a, b] : pairs) { ++degree[a]; ++degree[b]; }
    EXPECT_EQ(degree[lattice.index(3, 3)], GetParam() == LatticeKind::Square ? 4 : 6);
}

// Neighbours joined by a family lie exactly one pipe length apart, along the family's direction.
TEST_P(LatticeKinds, EdgeGeometryMatchesWorldPositions)
{
    const Lattice lattice(GetParam(), 6, 6, 3.0);
    for (int f = 0; f < lattice.familyCount(); ++f) {
        const EdgeFamily& family = lattice.family(f);
        for (int y = 1; y < 5; ++y) {
            const CellOffset t = family.tailOffset(y);
            const WorldPoint head = lattice.worldPosition(2, y);
            const WorldPoint tail = lattice.worldPosition(2 + t.dx, y + t.dy);
            const double ex = head.x - tail.x, ey = head.y - tail.y;
            EXPECT_NEAR(std::hypot(ex, ey), family.pipeLength, 1e-9);
            EXPECT_NEAR(ex / family.pipeLength, family.directionX, 1e-9);
            EXPECT_NEAR(ey / family.pipeLength, family.directionY, 1e-9);
        }
    }
}

TEST_P(LatticeKinds, NearestCellInvertsWorldPosition)
{
    const Lattice lattice(GetParam(), 9, 8, 1.5);
    for (int y = 0; y < lattice.height(); ++y)
        for (int x = 0; x < lattice.width(); ++x) {
            const WorldPoint p = lattice.worldPosition(x, y);
            const auto c = lattice.nearestCell({p.x + 0.2, p.y - 0.2});
            ASSERT_TRUE(c.has_value());
            EXPECT_EQ(c->x, x);
            EXPECT_EQ(c->y, y);
        }
    EXPECT_FALSE(lattice.nearestCell({-0.1, 1.0}).has_value());
    EXPECT_FALSE(lattice.nearestCell({1.0, lattice.worldHeight() + 0.1}).has_value());
}

TEST(Lattice, GeometryFollowsPhysicsNotes)
{
    const Lattice square(LatticeKind::Square, 4, 4, 2.0);
    EXPECT_DOUBLE_EQ(square.cellArea(), 4.0);
    EXPECT_DOUBLE_EQ(square.family(0).faceWidth, 2.0);
    const Lattice triangle(LatticeKind::Triangle, 4, 4, 2.0);
    EXPECT_NEAR(triangle.cellArea(), std::sqrt(3.0) / 2.0 * 4.0, 1e-12);
    EXPECT_NEAR(triangle.family(2).faceWidth, 2.0 / std::sqrt(3.0), 1e-12);
    // Dual-cell area equals the 6 faces × (pipe length / 2) × face width / 2 (hexagon of kites).
    EXPECT_NEAR(triangle.cellArea(), 6 * 0.5 * (2.0 / 2.0) * (2.0 / std::sqrt(3.0)), 1e-12);
}

TEST(Lattice, RejectsAbsurdSizes)
{
    EXPECT_THROW(Lattice(LatticeKind::Square, 0, 4, 1.0), std::invalid_argument);
    EXPECT_THROW(Lattice(LatticeKind::Square, 4, 20000, 1.0), std::invalid_argument);
    EXPECT_THROW(Lattice(LatticeKind::Square, 4, 4, -1.0), std::invalid_argument);
    EXPECT_THROW(Lattice(LatticeKind::Square, 4, 4, std::nan("")), std::invalid_argument);
}

INSTANTIATE_TEST_SUITE_P(Both, LatticeKinds, ::testing::Values(LatticeKind::Square, LatticeKind::Triangle),
                         [](const auto& info) { return std::string(latticeKindName(info.param)); });

} // namespace
} // namespace rb
