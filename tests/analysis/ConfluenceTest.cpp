// Two channels meeting in a Y, the water settled by the solver: two tributaries join one main line.
#include "WaterTestSupport.h"

#include "analysis/WaterFeatureExtraction.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <string>

namespace rb::analysis {
namespace {

constexpr int kConfluenceSize = 64;
constexpr double kConfluenceDx = 2.0;
constexpr double kArmInflow = 2.0;     // m³/s into each arm
constexpr double kTrenchHalfWidth = 2.5 * kConfluenceDx;
constexpr double kTrenchDepth = 1.5;   // m
constexpr double kSlope = 0.05;        // the plain falls southwards

double distanceToSegment(WorldPoint p, WorldPoint a, WorldPoint b)
{
    const double vx = b.x - a.x, vy = b.y - a.y;
    const double t = std::clamp(((p.x - a.x) * vx + (p.y - a.y) * vy) / (vx * vx + vy * vy), 0.0, 1.0);
    return std::hypot(p.x - (a.x + t * vx), p.y - (a.y + t * vy));
}

struct YShape {
    WorldPoint westSource, eastSource, confluence, mouth;

    double distance(WorldPoint p) const
    {
        return std::min({distanceToSegment(p, westSource, confluence), distanceToSegment(p, eastSource, confluence),
                         distanceToSegment(p, confluence, mouth)});
    }
};

// The cells of a border row across the trench's floor around `centre`, as one boundary segment
// (the floor only: water let in on a bank would run off beside the trench).
BoundarySegment segmentOver(const Lattice& lattice, Side side, int row, WorldPoint centre, BoundaryType type, double value)
{
    int first = lattice.width(), last = -1;
    for (int x = 0; x < lattice.width(); ++x)
        if (const WorldPoint p = lattice.worldPosition(x, row); std::hypot(p.x - centre.x, p.y - centre.y) <= 0.6 * kTrenchHalfWidth) {
            first = std::min(first, x);
            last = std::max(last, x);
        }
    return {side, first, last, type, value};
}

YShape yShape(const Lattice& lattice)
{
    const double w = lattice.worldWidth(), h = lattice.worldHeight();
    return {{0.2 * w, 0.0}, {0.8 * w, 0.0}, {0.5 * w, 0.45 * h}, {0.5 * w, h}};
}

Map yConfluence(LatticeKind kind)
{
    Map map;
    map.state = MapState(Lattice(kind, kConfluenceSize, kConfluenceSize, kConfluenceDx));
    const Lattice& lattice = map.state.lattice;
    const double h = lattice.worldHeight();
    const YShape y = yShape(lattice);
    for (int row = 0; row < lattice.height(); ++row)
        for (int x = 0; x < lattice.width(); ++x) {
            const WorldPoint p = lattice.worldPosition(x, row);
            const double d = y.distance(p);
            const double trench = d < kTrenchHalfWidth ? kTrenchDepth * (1.0 - 0.3 * (d / kTrenchHalfWidth) * (d / kTrenchHalfWidth)) : 0.0;
            map.state.bed(x, row) = static_cast<float>(kSlope * (h - p.y) + kTrenchDepth - trench);
        }
    map.boundary = {segmentOver(lattice, Side::North, 0, y.westSource, BoundaryType::Inflow, kArmInflow),
                    segmentOver(lattice, Side::North, 0, y.eastSource, BoundaryType::Inflow, kArmInflow),
                    segmentOver(lattice, Side::South, lattice.height() - 1, y.mouth, BoundaryType::Outflow, 0.0)};
    map.params.model = FlowModel::Momentum;
    map.params.manning = 0.035;
    map.params.dt = 0.05;
    map.params.cflTarget = kDefaultCflTarget;
    map.params.dtMax = 0.2;
    return map;
}

class Confluence : public ::testing::TestWithParam<LatticeKind> {};

TEST_P(Confluence, TwoTributariesJoinOneMainLine)
{
    const Map map = test::settle(yConfluence(GetParam()), 200.0);
    const Lattice& lattice = map.state.lattice;
    const WaterFeatures features = extractWaterFeatures(map);
    const YShape shape = yShape(lattice);

    ASSERT_EQ(features.rivers.size(), 3u);
    const River* main = nullptr;
    std::vector<const River*> tributaries;
    for (const River& r : features.rivers) (r.downstream < 0 ? main : tributaries.emplace_back()) = &r;
    ASSERT_NE(main, nullptr);
    ASSERT_EQ(tributaries.size(), 2u);

    // The main line runs from the confluence to the south border and carries both arms.
    const WorldPoint confluence{0.5 * lattice.worldWidth(), 0.45 * lattice.worldHeight()};
    EXPECT_LT(std::hypot(main->points.front().x - confluence.x, main->points.front().y - confluence.y), 4.0 * kConfluenceDx);
    EXPECT_GT(main->points.back().y, lattice.worldHeight() - 3.0 * kConfluenceDx);
    EXPECT_NEAR(main->points.back().discharge, 2.0 * kArmInflow, 0.05 * 2.0 * kArmInflow);
    EXPECT_NEAR(main->points.back().x, 0.5 * lattice.worldWidth(), 2.0 * kConfluenceDx);

    // Each tributary starts at the north border in its own arm and ends on the main line's first point.
    double sourcesX[2] = {0.0, 0.0};
    for (std::size_t i = 0; i < 2; ++i) {
        const River& t = *tributaries[i];
        EXPECT_EQ(t.downstream, main->id);
        EXPECT_EQ(t.joinIndex, 0);
        EXPECT_EQ(t.points.back().x, main->points.front().x);
        EXPECT_EQ(t.points.back().y, main->points.front().y);
        EXPECT_LT(t.points.front().y, 2.0 * kConfluenceDx);
        sourcesX[i] = t.points.front().x;
        EXPECT_NEAR(t.points[t.points.size() / 2].discharge, kArmInflow, 0.05 * kArmInflow);
    }
    EXPECT_LT(std::min(sourcesX[0], sourcesX[1]), 0.3 * lattice.worldWidth());
    EXPECT_GT(std::max(sourcesX[0], sourcesX[1]), 0.7 * lattice.worldWidth());
    // Every line keeps to the trenches.
    for (const River& r : features.rivers)
        for (const RiverPoint& p : r.points) EXPECT_LT(shape.distance({p.x, p.y}), 2.0 * kConfluenceDx) << "river " << r.id;
}

INSTANTIATE_TEST_SUITE_P(Analysis, Confluence, ::testing::Values(LatticeKind::Square, LatticeKind::Triangle),
                         [](const auto& info) { return std::string(latticeKindName(info.param)); });

} // namespace
} // namespace rb::analysis
