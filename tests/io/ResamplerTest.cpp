#include "io/raster/Resampler.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <random>

namespace rb {
namespace {

// A plane in world metres: bilinear and barycentric interpolation must reproduce it exactly
// wherever they interpolate (inside the sample points' hull), up to float rounding.
double resamplerRamp(WorldPoint p)
{
    return 3.0 + 0.75 * p.x - 1.5 * p.y;
}

constexpr double kTolerance = 2e-4; // metres: float rounding of values up to ~100

FloatField resamplerRandomField(int w, int h, unsigned seed)
{
    std::mt19937 rng(seed);
    std::uniform_real_distribution<float> value(-10.0f, 10.0f);
    FloatField f(w, h);
    for (float& v : f.values()) v = value(rng);
    return f;
}

TEST(Resampler, SquareLatticeOfTheSameSizeIsTheIdentity)
{
    const Lattice lattice(LatticeKind::Square, 17, 11, 2.5);
    const FloatField raster = resamplerRandomField(17, 11, 1);
    const FloatField onLattice = io::latticeFromRaster(raster, lattice);
    const FloatField back = io::rasterFromLattice(onLattice, lattice, 17, 11);
    EXPECT_EQ(std::memcmp(onLattice.data(), raster.data(), raster.size() * sizeof(float)), 0);
    EXPECT_EQ(std::memcmp(back.data(), raster.data(), raster.size() * sizeof(float)), 0);
}

// Raster pixel centres in world metres, for a raster stretched over the lattice's rectangle.
WorldPoint pixelCentre(const Lattice& lattice, int w, int h, int i, int j)
{
    return {(i + 0.5) * lattice.worldWidth() / w, (j + 0.5) * lattice.worldHeight() / h};
}

class ResamplerPerLattice : public ::testing::TestWithParam<LatticeKind> {};

TEST_P(ResamplerPerLattice, RampSurvivesRasterToLattice)
{
    const Lattice lattice(GetParam(), 23, 19, 2.0);
    const int w = 31, h = 14; // deliberately not the lattice's size
    FloatField raster(w, h);
    for (int j = 0; j < h; ++j)
        for (int i = 0; i < w; ++i) raster(i, j) = static_cast<float>(resamplerRamp(pixelCentre(lattice, w, h, i, j)));
    const FloatField onLattice = io::latticeFromRaster(raster, lattice);
    const WorldPoint first = pixelCentre(lattice, w, h, 0, 0), last = pixelCentre(lattice, w, h, w - 1, h - 1);
    int interior = 0;
    for (int y = 0; y < lattice.height(); ++y)
        for (int x = 0; x < lattice.width(); ++x) {
            const WorldPoint p = lattice.worldPosition(x, y);
            if (p.x < first.x || p.x > last.x || p.y < first.y || p.y > last.y) continue; // clamped border
            ++interior;
            ASSERT_NEAR(onLattice(x, y), resamplerRamp(p), kTolerance) << x << "," << y;
        }
    EXPECT_GT(interior, lattice.width() * lattice.height() / 2);
}

TEST_P(ResamplerPerLattice, RampSurvivesLatticeToRaster)
{
    const Lattice lattice(GetParam(), 21, 18, 1.5);
    FloatField values(lattice.width(), lattice.height());
    for (int y = 0; y < lattice.height(); ++y)
        for (int x = 0; x < lattice.width(); ++x) values(x, y) = static_cast<float>(resamplerRamp(lattice.worldPosition(x, y)));
    const int w = 40, h = 27;
    const FloatField raster = io::rasterFromLattice(values, lattice, w, h);
    // Inside the lattice's hull: between the first and last rows, and east of the zig-zag west
    // edge / west of the zig-zag east edge (odd rows start half a cell further east).
    const double west = lattice.worldPosition(0, 1).x, east = lattice.worldPosition(lattice.width() - 1, 0).x;
    const double north = lattice.worldPosition(0, 0).y, south = lattice.worldPosition(0, lattice.height() - 1).y;
    int interior = 0;
    for (int j = 0; j < h; ++j)
        for (int i = 0; i < w; ++i) {
            const WorldPoint p = pixelCentre(lattice, w, h, i, j);
            if (p.x < west || p.x > east || p.y < north || p.y > south) continue;
            ++interior;
            ASSERT_NEAR(raster(i, j), resamplerRamp(p), kTolerance) << i << "," << j;
        }
    EXPECT_GT(interior, w * h / 2);
}

// Sampling exactly at a cell returns that cell's value, on the border too.
TEST_P(ResamplerPerLattice, SamplingAtACellGivesItsValue)
{
    const Lattice lattice(GetParam(), 9, 8, 3.0);
    const FloatField values = resamplerRandomField(9, 8, 2);
    for (int y = 0; y < lattice.height(); ++y)
        for (int x = 0; x < lattice.width(); ++x)
            ASSERT_NEAR(io::sampleLattice(values, lattice, lattice.worldPosition(x, y)), values(x, y), 1e-5) << x << "," << y;
}

// Interpolation is convex: no value outside the range of the input, even past the borders.
TEST_P(ResamplerPerLattice, NoOvershootAnywhere)
{
    const Lattice lattice(GetParam(), 12, 10, 1.0);
    const FloatField values = resamplerRandomField(12, 10, 3);
    const auto [low, high] = std::minmax_element(values.values().begin(), values.values().end());
    const FloatField raster = io::rasterFromLattice(values, lattice, 37, 29);
    for (float v : raster.values()) {
        ASSERT_GE(v, *low);
        ASSERT_LE(v, *high);
    }
    const FloatField back = io::latticeFromRaster(raster, lattice);
    for (float v : back.values()) {
        ASSERT_GE(v, *low);
        ASSERT_LE(v, *high);
    }
}

INSTANTIATE_TEST_SUITE_P(BothLattices, ResamplerPerLattice, ::testing::Values(LatticeKind::Square, LatticeKind::Triangle),
                         [](const auto& info) { return std::string(latticeKindName(info.param)); });

// West of the zig-zag edge, a point takes the value on the edge at its own height: a field that
// varies only from row to row must read the same at the far west as inside.
TEST(Resampler, TriangleClampsHorizontallyAtTheZigZagEdges)
{
    const Lattice lattice(LatticeKind::Triangle, 6, 7, 2.0);
    FloatField values(6, 7);
    for (int y = 0; y < 7; ++y)
        for (int x = 0; x < 6; ++x) values(x, y) = static_cast<float>(y * y);
    for (double y = 0.0; y <= lattice.worldHeight(); y += 0.37) {
        const double inside = io::sampleLattice(values, lattice, {lattice.worldWidth() / 2, y});
        EXPECT_NEAR(io::sampleLattice(values, lattice, {0.0, y}), inside, 1e-9);
        EXPECT_NEAR(io::sampleLattice(values, lattice, {lattice.worldWidth(), y}), inside, 1e-9);
    }
}

// The two triangles between a row pair must be the lattice's own: the value at the centre of an
// up-pointing triangle is the mean of its three vertices, which differs from the other diagonal's.
TEST(Resampler, TriangleInterpolatesOverTheLatticesOwnTriangles)
{
    const Lattice lattice(LatticeKind::Triangle, 5, 4, 1.0);
    for (int row = 0; row < 3; ++row) {
        FloatField values(5, 4, 0.0f);
        // Vertex (2,row) and its two neighbours on the next row form a lattice triangle.
        const CellOffset southWest = lattice.family(2).headOffset(row); // z: from NE tail to SW head
        const CellOffset southEast = lattice.family(1).headOffset(row); // y: from NW tail to SE head
        values(2, row) = 3.0f;
        values(2 + southWest.dx, row + 1) = 6.0f;
        values(2 + southEast.dx, row + 1) = 9.0f;
        const WorldPoint a = lattice.worldPosition(2, row);
        const WorldPoint b = lattice.worldPosition(2 + southWest.dx, row + 1);
        const WorldPoint c = lattice.worldPosition(2 + southEast.dx, row + 1);
        const WorldPoint centroid{(a.x + b.x + c.x) / 3.0, (a.y + b.y + c.y) / 3.0};
        EXPECT_NEAR(io::sampleLattice(values, lattice, centroid), 6.0, 1e-9) << "row " << row;
    }
}

} // namespace
} // namespace rb
