#include "MeshChecks.h"

#include "io/mesh/WaterMesh.h"

#include <gtest/gtest.h>

#include <cmath>

namespace rb {
namespace {

class WaterSurface : public ::testing::TestWithParam<LatticeKind> {
protected:
    Lattice lattice{GetParam(), 40, 30, 1.5};
    FloatField bed{40, 30, 0.0f};
    FloatField depth{40, 30, 0.0f};

    // A round lake, its rim cells just below and just above the wet threshold.
    void fillLake()
    {
        for (int y = 0; y < lattice.height(); ++y)
            for (int x = 0; x < lattice.width(); ++x) {
                const WorldPoint p = lattice.worldPosition(x, y);
                const double r = std::hypot(p.x - 25.0, p.y - 20.0);
                depth(x, y) = r < 12.0 ? static_cast<float>(1.0 - r / 12.0) : 0.0f;
            }
    }
};

TEST_P(WaterSurface, HasOnlyWetCorners)
{
    fillLake();
    const io::WaterMesh water = io::buildWaterMesh(lattice, bed, depth, 100000);
    ASSERT_GT(water.mesh.triangleCount(), 100u);
    EXPECT_EQ(water.stride, 1);
    EXPECT_EQ(water.maxSurfaceError, 0.0);
    for (std::uint32_t cell : water.mesh.vertexCells) EXPECT_GT(depth[cell], io::kWetDepth);
    EXPECT_EQ(test::measureMesh(water.mesh, lattice, depth).clockwise, 0u);
}

TEST_P(WaterSurface, AllWetGivesTheWholeLattice)
{
    depth.fill(0.5f);
    const io::WaterMesh water = io::buildWaterMesh(lattice, bed, depth, 100000);
    EXPECT_EQ(water.mesh.triangleCount(), 2u * 39u * 29u);
    EXPECT_EQ(water.mesh.vertexCells.size(), lattice.cellCount());
    const test::MeshMeasure measured = test::measureMesh(water.mesh, lattice, depth);
    EXPECT_EQ(measured.uncovered, 0u);
    EXPECT_EQ(measured.clockwise, 0u);
    // The lattice's own triangles: exactly the area between the first and last cell of each row pair.
    const double rowPairArea = (lattice.width() - 1) * lattice.cellSize() * lattice.rowSpacing();
    EXPECT_NEAR(measured.area, rowPairArea * (lattice.height() - 1), 1e-6);
}

TEST_P(WaterSurface, DryGivesNothing)
{
    depth.fill(0.5f * io::kWetDepth);
    EXPECT_EQ(io::buildWaterMesh(lattice, bed, depth, 100000).mesh.triangleCount(), 0u);
}

TEST_P(WaterSurface, ABudgetCoarsensTheStride)
{
    depth.fill(0.5f);
    const io::WaterMesh water = io::buildWaterMesh(lattice, bed, depth, 500);
    EXPECT_LE(water.mesh.triangleCount(), 500u);
    EXPECT_TRUE(water.budgetMet());
    EXPECT_EQ(water.stride, 4); // stride 2 gives 2·19·14 = 532
    EXPECT_EQ(water.fullResolutionTriangles, 2u * 39u * 29u);
    const test::MeshMeasure measured = test::measureMesh(water.mesh, lattice, depth);
    EXPECT_EQ(measured.clockwise, 0u);
    // Coarse triangles keep the lattice's shape: equilateral on the triangular lattice.
    if (GetParam() == LatticeKind::Triangle)
        for (const auto& t : water.mesh.triangles)
            for (int i = 0; i < 3; ++i) {
                const auto a = static_cast<int>(water.mesh.vertexCells[t[static_cast<std::size_t>(i)]]);
                const auto b = static_cast<int>(water.mesh.vertexCells[t[static_cast<std::size_t>((i + 1) % 3)]]);
                const WorldPoint p = lattice.worldPosition(a % 40, a / 40), q = lattice.worldPosition(b % 40, b / 40);
                EXPECT_NEAR(std::hypot(p.x - q.x, p.y - q.y), 4 * lattice.cellSize(), 1e-9);
            }
}

TEST_P(WaterSurface, ReportsTheSurfaceErrorOfItsStride)
{
    // Wet everywhere over a bumpy bed: the surface is bed + depth at every cell.
    bed = test::bumpyTerrain(lattice);
    fillLake();
    for (float& d : depth.values()) d += 0.5f;
    FloatField surface = bed;
    for (std::size_t i = 0; i < surface.size(); ++i) surface[i] += depth[i];
    const io::WaterMesh water = io::buildWaterMesh(lattice, bed, depth, 500);
    ASSERT_EQ(water.stride, 4);
    const test::MeshMeasure measured = test::measureMesh(water.mesh, lattice, surface);
    EXPECT_GT(water.maxSurfaceError, 0.1);
    EXPECT_NEAR(water.maxSurfaceError, measured.maxError, 1e-4);
}

TEST_P(WaterSurface, AnUnreachableBudgetIsSaidSo)
{
    depth.fill(0.5f);
    const io::WaterMesh water = io::buildWaterMesh(lattice, bed, depth, 1);
    EXPECT_FALSE(water.budgetMet());
    EXPECT_GT(water.mesh.triangleCount(), 0u);
}

// A small lake and a budget of a few triangles: the strides that fit it see no wet triangle at
// all, and the mesh must not vanish while saying the budget was met.
TEST_P(WaterSurface, WaterNeverVanishesToMeetABudget)
{
    fillLake();
    for (std::size_t budget : {2u, 3u, 7u}) {
        const io::WaterMesh water = io::buildWaterMesh(lattice, bed, depth, budget);
        EXPECT_GT(water.mesh.triangleCount(), 0u) << "budget " << budget;
        EXPECT_EQ(water.budgetMet(), water.mesh.triangleCount() <= budget) << "budget " << budget;
    }
}

INSTANTIATE_TEST_SUITE_P(BothLattices, WaterSurface, ::testing::Values(LatticeKind::Square, LatticeKind::Triangle),
                         [](const auto& info) { return std::string(latticeKindName(info.param)); });

} // namespace
} // namespace rb
