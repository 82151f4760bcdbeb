// View › Currents (issue 13): the stored current drawn as arrows on a regular grid in world
// metres — along the current, as long as the speed (the fastest 0.9 grid steps), none on land —
// on both lattices.
#include "lattice/Lattice.h"
#include "view/CurrentArrows.h"

#include <gtest/gtest.h>

#include <cmath>

namespace rb {
namespace {

constexpr int kWidth = 96, kHeight = 64;
constexpr double kCellSize = 2.0;
constexpr int kSpacing = 8; // cells between arrows

// Water 1 m deep over a flat bed at 3 m, with a block of land (x 40…55, y 20…43) where the
// current is 0, as the solver leaves it.
struct CurrentScene {
    Lattice lattice;
    FloatField bed, depth, east, south;

    explicit CurrentScene(LatticeKind kind)
        : lattice(kind, kWidth, kHeight, kCellSize), bed(kWidth, kHeight, 3.0f), depth(kWidth, kHeight, 1.0f), east(kWidth, kHeight),
          south(kWidth, kHeight)
    {
        for (int y = 20; y < 44; ++y)
            for (int x = 40; x < 56; ++x) depth(x, y) = 0.0f;
    }
    bool land(CellCoord c) const { return depth(c.x, c.y) <= 0.0f; }
    // The same current on every wet cell.
    void fill(float e, float s)
    {
        for (int y = 0; y < kHeight; ++y)
            for (int x = 0; x < kWidth; ++x) {
                east(x, y) = land({x, y}) ? 0.0f : e;
                south(x, y) = land({x, y}) ? 0.0f : s;
            }
    }
    view::CurrentArrows arrows() const { return view::CurrentArrows(lattice, bed, depth, {east, south}, kSpacing); }
    // The grid points (world metres) whose nearest cell is water: where arrows belong.
    int wetGridPoints() const
    {
        const double step = kSpacing * kCellSize;
        int count = 0;
        for (double y = 0.5 * step; y < lattice.worldHeight(); y += step)
            for (double x = 0.5 * step; x < lattice.worldWidth(); x += step)
                if (const auto c = lattice.nearestCell({x, y}); c && !land(*c)) ++count;
        return count;
    }
};

CellCoord cellUnder(const Lattice& lattice, const view::CurrentArrows::Arrow& a)
{
    const QVector3D mid = 0.5f * (a.tail + a.head);
    return *lattice.nearestCell({mid.x(), mid.z()});
}

class CurrentArrowsTest : public ::testing::TestWithParam<LatticeKind> {};

TEST_P(CurrentArrowsTest, AnEastwardCurrentGivesEastwardArrowsOfTheLongestLengthAndNoneOnLand)
{
    CurrentScene scene(GetParam());
    scene.fill(0.5f, 0.0f);
    const view::CurrentArrows arrows = scene.arrows();
    const double step = kSpacing * kCellSize;
    EXPECT_DOUBLE_EQ(arrows.gridStep(), step);
    EXPECT_NEAR(arrows.maxSpeed(), 0.5, 1e-6);
    ASSERT_GT(scene.wetGridPoints(), 10);
    EXPECT_EQ(static_cast<int>(arrows.arrows().size()), scene.wetGridPoints()); // every wet grid point, nothing else
    for (const view::CurrentArrows::Arrow& a : arrows.arrows()) {
        EXPECT_GT(a.head.x(), a.tail.x());
        EXPECT_NEAR(a.head.z(), a.tail.z(), 1e-4);
        EXPECT_NEAR((a.head - a.tail).length(), view::CurrentArrows::kLongest * step, 1e-3);
        EXPECT_NEAR(a.head.y(), 3.0f + 1.0f + view::CurrentArrows::kAboveWater, 1e-5); // just above the surface
        EXPECT_FALSE(scene.land(cellUnder(scene.lattice, a)));
    }
}

TEST_P(CurrentArrowsTest, LengthIsProportionalToSpeedAndDirectionFollowsTheCurrent)
{
    CurrentScene scene(GetParam());
    scene.fill(-0.3f, 0.4f); // 0.5 m/s towards the south-west
    for (int y = 0; y < kHeight / 2; ++y)
        for (int x = 0; x < kWidth; ++x) {
            scene.east(x, y) *= 0.5f; // half as fast in the north half
            scene.south(x, y) *= 0.5f;
        }
    const view::CurrentArrows arrows = scene.arrows();
    const double longest = view::CurrentArrows::kLongest * kSpacing * kCellSize;
    int slow = 0, fast = 0;
    for (const view::CurrentArrows::Arrow& a : arrows.arrows()) {
        const QVector3D shaft = a.head - a.tail;
        EXPECT_NEAR(shaft.x() / shaft.length(), -0.6f, 1e-4);
        EXPECT_NEAR(shaft.z() / shaft.length(), 0.8f, 1e-4);
        const bool north = cellUnder(scene.lattice, a).y < kHeight / 2;
        EXPECT_NEAR(shaft.length(), north ? 0.5 * longest : longest, 1e-3);
        EXPECT_NEAR(a.speed, north ? 0.25 : 0.5, 1e-6);
        (north ? slow : fast) += 1;
    }
    EXPECT_GT(slow, 5);
    EXPECT_GT(fast, 5);
}

TEST_P(CurrentArrowsTest, EachArrowIsAShaftAndTwoBarbsBehindItsHead)
{
    CurrentScene scene(GetParam());
    scene.fill(0.5f, 0.0f);
    const view::CurrentArrows arrows = scene.arrows();
    const std::vector<view::CurrentArrows::Line> lines = arrows.lines();
    ASSERT_EQ(lines.size(), 3 * arrows.arrows().size());
    for (std::size_t i = 0; i < arrows.arrows().size(); ++i) {
        const view::CurrentArrows::Arrow& a = arrows.arrows()[i];
        EXPECT_EQ(lines[3 * i].first, a.tail);
        EXPECT_EQ(lines[3 * i].second, a.head);
        for (int barb = 1; barb <= 2; ++barb) {
            EXPECT_EQ(lines[3 * i + barb].first, a.head);
            EXPECT_LT(lines[3 * i + barb].second.x(), a.head.x()); // behind the head of an eastward arrow
        }
        const float left = lines[3 * i + 1].second.z() - a.head.z(), right = lines[3 * i + 2].second.z() - a.head.z();
        EXPECT_LT(left * right, 0.0f); // one on each side of the shaft
        EXPECT_NEAR(left, -right, 1e-4);
    }
}

TEST_P(CurrentArrowsTest, NoCurrentsOrFieldsOfAnotherSizeGiveNoArrows)
{
    CurrentScene scene(GetParam());
    EXPECT_TRUE(view::CurrentArrows(scene.lattice, scene.bed, scene.depth, {}).arrows().empty());
    EXPECT_TRUE(scene.arrows().arrows().empty()); // still water everywhere
    scene.fill(0.5f, 0.0f);
    const FloatField small(kWidth / 2, kHeight / 2, 0.5f);
    EXPECT_TRUE(view::CurrentArrows(scene.lattice, scene.bed, scene.depth, {small, small}).arrows().empty());
}

TEST(CurrentArrowsSpacing, AboutSixteenArrowsAlongTheShorterSideAtMostTwentyFourCellsApart)
{
    EXPECT_EQ(view::CurrentArrows::defaultSpacing(Lattice(LatticeKind::Square, 256, 512, 1.0)), 16);
    EXPECT_EQ(view::CurrentArrows::defaultSpacing(Lattice(LatticeKind::Triangle, 2048, 2048, 1.0)), 24);
    EXPECT_EQ(view::CurrentArrows::defaultSpacing(Lattice(LatticeKind::Square, 20, 20, 1.0)), 2);
}

INSTANTIATE_TEST_SUITE_P(Lattices, CurrentArrowsTest, ::testing::Values(LatticeKind::Square, LatticeKind::Triangle),
                         [](const ::testing::TestParamInfo<LatticeKind>& info) { return info.param == LatticeKind::Square ? "Square" : "Triangle"; });

} // namespace
} // namespace rb
