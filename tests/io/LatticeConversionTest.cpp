// io::convertLattice (the editor's Map › Lattice): what a change of lattice must keep — the
// world rectangle, the size on the way back, the water's volume, the terrain's shape, the
// boundary segments' sides, types and share of their side — and what it must reset (flows, clock,
// an unstable dt).
#include "io/LatticeConversion.h"

#include "model/BoundarySegment.h"
#include "solver/Stability.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

namespace rb {
namespace {

constexpr double kCellSize = 10.0; // m

// A plane in world metres: bilinear (square) and barycentric (triangle) interpolation reproduce it
// exactly inside the sample points' hull, up to float rounding.
double conversionPlane(WorldPoint p)
{
    return 3.0 + 0.05 * p.x - 0.02 * p.y;
}

// A round mound of water, σ = 6 cells, 2 m deep at the middle; below a millimetre within 4σ of
// the centre's distance to the edges, so the map's edges (where interpolation clamps) hold almost none.
double mound(WorldPoint p, double centreX, double centreY)
{
    const double sigma = 6.0 * kCellSize;
    const double r2 = (p.x - centreX) * (p.x - centreX) + (p.y - centreY) * (p.y - centreY);
    return 2.0 * std::exp(-r2 / (2.0 * sigma * sigma));
}

Map smoothMap(LatticeKind kind, int width, int height)
{
    Map map;
    map.state = MapState(Lattice(kind, width, height, kCellSize));
    const Lattice& lattice = map.state.lattice;
    const double centreX = 0.5 * lattice.worldWidth(), centreY = 0.5 * lattice.worldHeight();
    for (int y = 0; y < height; ++y)
        for (int x = 0; x < width; ++x) {
            const WorldPoint p = lattice.worldPosition(x, y);
            map.state.bed(x, y) = static_cast<float>(conversionPlane(p));
            map.state.depth(x, y) = static_cast<float>(mound(p, centreX, centreY));
        }
    map.boundary.push_back(wholeSide(lattice, Side::East, BoundaryType::Outflow, 0.0));
    map.boundary.push_back(BoundarySegment{Side::North, width / 4, width / 2, BoundaryType::Inflow, 5.0});
    map.params.dt = 0.01; // stable on both lattices at 2 m
    return map;
}

// Cells at least two cells inside the edges: where both interpolations interpolate rather than
// hold the edge's value, and where the triangle lattice's zig-zag edge rows are out of reach.
bool interior(const Lattice& lattice, int x, int y)
{
    return x >= 2 && y >= 2 && x < lattice.width() - 2 && y < lattice.height() - 2;
}

TEST(LatticeConversion, TheWorldRectangleStaysAndTheSizeComesBack)
{
    const Map square = smoothMap(LatticeKind::Square, 64, 48);
    const Map triangle = io::convertLattice(square, LatticeKind::Triangle);
    ASSERT_EQ(triangle.state.lattice.kind(), LatticeKind::Triangle);
    EXPECT_TRUE(triangle.validate().empty()) << triangle.validate();
    // Sizes are whole cells: the rectangle can only match to within one.
    EXPECT_NEAR(triangle.state.lattice.worldWidth(), square.state.lattice.worldWidth(), kCellSize);
    EXPECT_NEAR(triangle.state.lattice.worldHeight(), square.state.lattice.worldHeight(), kCellSize);
    EXPECT_EQ(triangle.state.lattice.cellSize(), kCellSize);
    // Triangle rows are √3/2 apart: more of them cover the same height.
    EXPECT_GT(triangle.state.lattice.height(), square.state.lattice.height());

    const Map back = io::convertLattice(triangle, LatticeKind::Square);
    EXPECT_EQ(back.state.lattice, square.state.lattice);
    EXPECT_TRUE(back.validate().empty()) << back.validate();
}

// Linear interpolation of a smooth mound σ = 6 cells wide errs by at most about (dx/σ)²/24 ≈ 0.1 %
// of its integral (measured: 0.003 %), and the two world rectangles differ by under a cell. 0.1 %
// one way and 0.2 % there and back still catch a lost row or column (2 %), depths laid on the
// wrong cells, or volume counted with the other lattice's cell area (13 %).
TEST(LatticeConversion, TheWaterKeepsItsVolume)
{
    const Map square = smoothMap(LatticeKind::Square, 64, 48);
    const double volume = square.state.volume();
    ASSERT_GT(volume, 0.0);
    const Map triangle = io::convertLattice(square, LatticeKind::Triangle);
    EXPECT_NEAR(triangle.state.volume(), volume, 0.001 * volume);
    const Map back = io::convertLattice(triangle, LatticeKind::Square);
    EXPECT_NEAR(back.state.volume(), volume, 0.002 * volume);
    for (float depth : triangle.state.depth.values()) EXPECT_GE(depth, 0.0f);
}

// The conversion maps the old world rectangle onto the new one (they differ by under a cell), so a
// new cell takes the plane's value at the same fraction of the old rectangle. 1e-3 m: float
// rounding of heights up to ~35 m (a few ulps, ~1e-5 m; measured 5e-8 m) with a wide margin; a
// half-cell shift of the plane would be 0.1 m off or more, and the bed left unstretched 0.01 m.
TEST(LatticeConversion, APlanarBedStaysThePlaneThereAndBack)
{
    const Map square = smoothMap(LatticeKind::Square, 64, 48);
    const Map triangle = io::convertLattice(square, LatticeKind::Triangle);
    const Lattice& tri = triangle.state.lattice;
    const double stretchX = square.state.lattice.worldWidth() / tri.worldWidth();
    const double stretchY = square.state.lattice.worldHeight() / tri.worldHeight();
    for (int y = 0; y < tri.height(); ++y)
        for (int x = 0; x < tri.width(); ++x) {
            if (!interior(tri, x, y)) continue;
            const WorldPoint p = tri.worldPosition(x, y);
            ASSERT_NEAR(triangle.state.bed(x, y), conversionPlane(WorldPoint{p.x * stretchX, p.y * stretchY}), 1e-3) << x << ", " << y;
        }

    const Map back = io::convertLattice(triangle, LatticeKind::Square);
    const Lattice& sq = back.state.lattice;
    for (int y = 0; y < sq.height(); ++y)
        for (int x = 0; x < sq.width(); ++x) {
            if (!interior(sq, x, y)) continue;
            ASSERT_NEAR(back.state.bed(x, y), square.state.bed(x, y), 1e-3) << x << ", " << y;
        }
}

TEST(LatticeConversion, BoundarySegmentsKeepTheirSideTypeAndShare)
{
    const Map square = smoothMap(LatticeKind::Square, 64, 48);
    const Map triangle = io::convertLattice(square, LatticeKind::Triangle);
    ASSERT_EQ(triangle.boundary.size(), square.boundary.size());
    EXPECT_TRUE(validateBoundary(triangle.state.lattice, triangle.boundary).empty());
    for (std::size_t i = 0; i < square.boundary.size(); ++i) {
        const BoundarySegment& from = square.boundary[i];
        const BoundarySegment& to = triangle.boundary[i];
        EXPECT_EQ(to.side, from.side);
        EXPECT_EQ(to.type, from.type);
        EXPECT_EQ(to.value, from.value);
        // The same share of the side, to within a cell of the new side.
        const double fromLength = sideLength(square.state.lattice, from.side), toLength = sideLength(triangle.state.lattice, to.side);
        EXPECT_NEAR(to.start / toLength, from.start / fromLength, 1.0 / toLength);
        EXPECT_NEAR((to.end + 1) / toLength, (from.end + 1) / fromLength, 1.0 / toLength);
    }
    // A whole side stays whole.
    EXPECT_EQ(triangle.boundary[0].start, 0);
    EXPECT_EQ(triangle.boundary[0].end, sideLength(triangle.state.lattice, Side::East) - 1);
}

TEST(LatticeConversion, FlowsStartStillAndAnUnstableDtIsLowered)
{
    Map square = smoothMap(LatticeKind::Square, 64, 48);
    for (FloatField& flow : square.state.flows) flow.fill(0.5f);
    square.state.time = 100.0;
    const Map kept = io::convertLattice(square, LatticeKind::Triangle);
    EXPECT_EQ(kept.params.dt, square.params.dt); // stable as it was: untouched
    EXPECT_EQ(kept.state.time, 0.0);
    for (const FloatField& flow : kept.state.flows)
        EXPECT_TRUE(std::all_of(flow.values().begin(), flow.values().end(), [](float q) { return q == 0.0f; }));

    square.params.dt = 10.0; // far beyond the limit at 2 m of water
    const Map lowered = io::convertLattice(square, LatticeKind::Triangle);
    const auto& depth = lowered.state.depth.values();
    const double deepest = *std::max_element(depth.begin(), depth.end());
    EXPECT_LT(lowered.params.dt, square.params.dt);
    EXPECT_LE(cflNumber(lowered.state.lattice, lowered.params, deepest), 0.9 + 1e-9);
}

TEST(LatticeConversion, TheSameKindIsTheSameMap)
{
    const Map square = smoothMap(LatticeKind::Square, 32, 24);
    EXPECT_EQ(io::convertLattice(square, LatticeKind::Square), square);
}

} // namespace
} // namespace rb
