#include "MeshChecks.h"

#include "io/mesh/TerrainDecimation.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <random>

namespace rb {
namespace {

class Decimation : public ::testing::TestWithParam<LatticeKind> {
protected:
    Lattice lattice{GetParam(), 61, 47, 2.0};
    FloatField heights = test::bumpyTerrain(lattice);
};

TEST_P(Decimation, StaysWithinTheBudgetAndReportsTheErrorItHas)
{
    double previousError = INFINITY;
    for (const std::size_t budget : {40u, 160u, 640u, 2560u}) {
        const io::TerrainDecimation d = io::decimateTerrain(lattice, heights, budget);
        EXPECT_TRUE(d.budgetMet());
        EXPECT_LE(d.mesh.triangleCount(), budget);
        EXPECT_GE(d.mesh.triangleCount(), budget - 1); // the budget is used, not left idle
        const test::MeshMeasure measured = test::measureMesh(d.mesh, lattice, heights);
        EXPECT_NEAR(measured.maxError, d.maxError, 1e-4) << "budget " << budget;
        EXPECT_LT(d.maxError, previousError) << "budget " << budget;
        previousError = d.maxError;
    }
}

TEST_P(Decimation, CoversTheLatticeOnceWithUpwardTriangles)
{
    for (const std::size_t budget : {10u, 300u, 100000u}) {
        const io::TerrainDecimation d = io::decimateTerrain(lattice, heights, budget);
        const test::MeshMeasure measured = test::measureMesh(d.mesh, lattice, heights);
        EXPECT_EQ(measured.clockwise, 0u);
        EXPECT_EQ(measured.uncovered, 0u);
        EXPECT_NEAR(measured.area, test::hullArea(lattice), 1e-6 * test::hullArea(lattice)); // no overlaps
    }
}

TEST_P(Decimation, SpansTheMapsExtentAndHeights)
{
    const io::TerrainDecimation d = io::decimateTerrain(lattice, heights, 20);
    double xLow = INFINITY, xHigh = -INFINITY, yLow = INFINITY, yHigh = -INFINITY;
    float hLow = INFINITY, hHigh = -INFINITY;
    for (std::uint32_t cell : d.mesh.vertexCells) {
        const WorldPoint p = lattice.worldPosition(static_cast<int>(cell) % lattice.width(), static_cast<int>(cell) / lattice.width());
        xLow = std::min(xLow, p.x), xHigh = std::max(xHigh, p.x), yLow = std::min(yLow, p.y), yHigh = std::max(yHigh, p.y);
        hLow = std::min(hLow, heights[cell]), hHigh = std::max(hHigh, heights[cell]);
    }
    const double dx = lattice.cellSize();
    EXPECT_DOUBLE_EQ(xLow, 0.5 * dx);
    EXPECT_DOUBLE_EQ(xHigh, lattice.worldWidth() - 0.5 * dx); // triangle: odd rows end half a dx short of the edge
    EXPECT_DOUBLE_EQ(yLow, 0.5 * lattice.rowSpacing());
    EXPECT_DOUBLE_EQ(yHigh, lattice.worldHeight() - 0.5 * lattice.rowSpacing());
    EXPECT_EQ(hLow, *std::min_element(heights.values().begin(), heights.values().end()));
    EXPECT_EQ(hHigh, *std::max_element(heights.values().begin(), heights.values().end()));
}

TEST_P(Decimation, AnAmpleBudgetKeepsEveryCellInTheLatticesOwnTriangles)
{
    std::mt19937 random(7);
    std::uniform_real_distribution<float> noise(0.0f, 5.0f);
    for (float& h : heights.values()) h = noise(random);
    const io::TerrainDecimation d = io::decimateTerrain(lattice, heights, 1000000);
    EXPECT_TRUE(d.complete);
    EXPECT_EQ(d.maxError, 0.0);
    EXPECT_EQ(d.mesh.vertexCells.size(), lattice.cellCount());
    // Interior triangles have sides of one dx (square: two sides; triangle: all three).
    std::size_t latticeTriangles = 0;
    for (const auto& t : d.mesh.triangles) {
        int unitSides = 0;
        for (int i = 0; i < 3; ++i) {
            const auto a = static_cast<int>(d.mesh.vertexCells[t[static_cast<std::size_t>(i)]]);
            const auto b = static_cast<int>(d.mesh.vertexCells[t[static_cast<std::size_t>((i + 1) % 3)]]);
            const WorldPoint p = lattice.worldPosition(a % lattice.width(), a / lattice.width());
            const WorldPoint q = lattice.worldPosition(b % lattice.width(), b / lattice.width());
            unitSides += std::abs(std::hypot(p.x - q.x, p.y - q.y) - lattice.cellSize()) < 1e-9;
        }
        latticeTriangles += unitSides >= (GetParam() == LatticeKind::Triangle ? 3 : 2);
    }
    EXPECT_EQ(latticeTriangles, 2u * 60u * 46u);
}

TEST_P(Decimation, ABudgetBelowTheOutlineIsSaidSo)
{
    const io::TerrainDecimation d = io::decimateTerrain(lattice, heights, 2);
    EXPECT_FALSE(d.budgetMet());
    EXPECT_GT(d.minimumTriangles, 2u);
    EXPECT_EQ(d.mesh.triangleCount(), d.minimumTriangles);
}

INSTANTIATE_TEST_SUITE_P(BothLattices, Decimation, ::testing::Values(LatticeKind::Square, LatticeKind::Triangle),
                         [](const auto& info) { return std::string(latticeKindName(info.param)); });

} // namespace
} // namespace rb
