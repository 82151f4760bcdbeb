// What the balance of the prescribed currents says (issue 32, part 5): never that the outflow was
// "scaled ×1". Live water a hair deeper on one side scales the outflow by a few millionths, which a
// three-digit ratio showed as ×1; a sea closed beside one that balanced scaled nothing at all.
#include "currents/BoundaryFluxes.h"
#include "currents/CurrentGrid.h"
#include "model/BoundarySegment.h"

#include <gtest/gtest.h>

namespace rb {
namespace {

// A 32×16 basin 2 m deep, its east half `eastDepth` deep; with `ponds`, the rows y < 4 hold a
// pond on the west side (x < 3) and one on the east side (x > 28), each cut off by dry land (the
// column beside it and row 4): one sea that only takes in, one that only gives out, and between
// them the rows 5–15, which balance.
FloatField basin(float eastDepth, bool ponds)
{
    FloatField depth(32, 16);
    for (int y = 0; y < 16; ++y)
        for (int x = 0; x < 32; ++x) depth(x, y) = x < 16 ? 2.0f : eastDepth;
    if (!ponds) return depth;
    for (int y = 0; y < 4; ++y) depth(3, y) = depth(28, y) = 0.0f;
    for (int x = 0; x < 4; ++x) depth(x, 4) = depth(31 - x, 4) = 0.0f;
    return depth;
}

CurrentsSettings eastward()
{
    CurrentsSettings settings;
    settings.sideSpeed[static_cast<std::size_t>(Side::West)] = 0.4;
    settings.sideSpeed[static_cast<std::size_t>(Side::East)] = -0.4;
    return settings;
}

BoundaryBalance balanceOf(const FloatField& depth)
{
    const Lattice lattice(LatticeKind::Square, 32, 16, 2.0);
    const CurrentsSettings settings = eastward();
    const CurrentGrid grid(lattice, depth, settings);
    return balancedBoundaryFluxes(grid, settings).balance;
}

void expectNoScaleOfOne(const std::string& message)
{
    EXPECT_EQ(message.find("x1"), std::string::npos) << message;
    EXPECT_EQ(message.find("×1"), std::string::npos) << message;
}

TEST(BalanceMessage, SaysNothingWhenTheCurrentsBalance)
{
    const BoundaryBalance balance = balanceOf(basin(2.0f, false));
    EXPECT_TRUE(balance.balanced);
    EXPECT_EQ(balance.scaledSeas, 0);
    EXPECT_EQ(balanceMessage(balance), "");
}

TEST(BalanceMessage, GivesATinyScaleAsAPercentageThatIsNotZero)
{
    const BoundaryBalance balance = balanceOf(basin(2.00002f, false)); // the east side 20 µm deeper
    EXPECT_FALSE(balance.balanced);
    EXPECT_EQ(balance.scaledSeas, 1);
    EXPECT_NEAR(largestScalePercent(balance), -1e-3, 1e-5);
    const std::string message = balanceMessage(balance);
    EXPECT_NE(message.find("-0.001 %"), std::string::npos) << message;
    expectNoScaleOfOne(message);
}

TEST(BalanceMessage, SaysClosedSeasWithoutAScale)
{
    const BoundaryBalance balance = balanceOf(basin(2.0f, true));
    EXPECT_FALSE(balance.balanced);
    EXPECT_EQ(balance.closedSeas, 2);
    EXPECT_EQ(balance.scaledSeas, 0);
    EXPECT_DOUBLE_EQ(balance.outflowScale(), balance.balancedOutflow / balance.outflow); // < 1: the east pond's outflow is gone
    const std::string message = balanceMessage(balance);
    EXPECT_NE(message.find("2 sea(s) whose open sides only take in"), std::string::npos) << message;
    EXPECT_EQ(message.find("scaled"), std::string::npos) << message;
    expectNoScaleOfOne(message);
}

} // namespace
} // namespace rb
