#include "io/flow/VelocityField.h"

#include <gtest/gtest.h>

#include <cmath>

namespace rb {
namespace {

// A uniform velocity (ux, uy) at depth h: every edge of family f, boundary ones included, carries
// h·w·(U·e_f), the flow a uniform stream pushes through its face.
MapState uniformFlow(LatticeKind kind, double ux, double uy, float depth)
{
    MapState state(Lattice(kind, 9, 7, 2.0));
    state.depth.fill(depth);
    for (int f = 0; f < state.lattice.familyCount(); ++f) {
        const EdgeFamily& family = state.lattice.family(f);
        const double q = depth * family.faceWidth * (ux * family.directionX + uy * family.directionY);
        state.flows[static_cast<std::size_t>(f)].fill(static_cast<float>(q));
    }
    return state;
}

class UniformVelocity : public ::testing::TestWithParam<LatticeKind> {};

TEST_P(UniformVelocity, IsReconstructedInEveryDirection)
{
    for (const double angle : {0.0, 0.5, 1.0, 2.0, 3.0, 4.5, 6.0}) {
        const double ux = 1.7 * std::cos(angle), uy = 1.7 * std::sin(angle);
        const io::VelocityField v = io::reconstructVelocity(uniformFlow(GetParam(), ux, uy, 0.8f));
        for (int y = 0; y < 7; ++y)
            for (int x = 0; x < 9; ++x) {
                ASSERT_NEAR(v.x(x, y), ux, 1e-5) << "angle " << angle << " cell " << x << "," << y;
                ASSERT_NEAR(v.y(x, y), uy, 1e-5) << "angle " << angle << " cell " << x << "," << y;
            }
    }
}

TEST_P(UniformVelocity, DryCellsHaveNone)
{
    MapState state = uniformFlow(GetParam(), 2.0, -1.0, 0.5f);
    state.depth(4, 3) = io::kWetDepth;              // at the threshold: dry
    state.depth(5, 3) = 0.0f;
    state.depth(6, 3) = io::kWetDepth * 1.01f;      // just above: wet
    const io::VelocityField v = io::reconstructVelocity(state);
    EXPECT_EQ(v.x(4, 3), 0.0f);
    EXPECT_EQ(v.y(4, 3), 0.0f);
    EXPECT_EQ(v.x(5, 3), 0.0f);
    EXPECT_NE(v.x(6, 3), 0.0f);
}

INSTANTIATE_TEST_SUITE_P(Lattices, UniformVelocity, ::testing::Values(LatticeKind::Square, LatticeKind::Triangle),
                         [](const auto& info) { return std::string(latticeKindName(info.param)); });

// One cell's x-family edges: the velocity is the mean of the flow in and the flow out, over h·w;
// positive x flow runs east and positive y flow south (the row direction).
TEST(VelocityField, AveragesTheEdgeIntoAndOutOfTheCell)
{
    MapState state(Lattice(LatticeKind::Square, 5, 5, 2.0));
    state.depth.fill(0.5f);
    const Lattice& l = state.lattice;
    state.flows[0][l.paddedIndex(2, 2)] = 3.0f; // into (2, 2) from the west
    state.flows[0][l.paddedIndex(3, 2)] = 1.0f; // out of (2, 2) to the east
    state.flows[1][l.paddedIndex(2, 3)] = -2.0f; // out of (2, 2) to the south, negative: northwards
    const io::VelocityField v = io::reconstructVelocity(state);
    EXPECT_FLOAT_EQ(v.x(2, 2), (3.0f + 1.0f) / 2 / (0.5f * 2.0f));
    EXPECT_FLOAT_EQ(v.y(2, 2), (0.0f - 2.0f) / 2 / (0.5f * 2.0f));
    EXPECT_FLOAT_EQ(v.x(3, 2), (1.0f + 0.0f) / 2 / (0.5f * 2.0f)); // its in-edge is (2, 2)'s out-edge
    EXPECT_EQ(v.x(0, 0), 0.0f);
}

} // namespace
} // namespace rb
