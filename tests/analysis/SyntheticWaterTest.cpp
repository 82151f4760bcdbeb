// Small maps whose answer is known: a straight channel, a lake in a bowl, an island in the sea.
#include "analysis/Contours.h"
#include "analysis/WaterFeatureExtraction.h"

#include <gtest/gtest.h>

#include <cmath>
#include <string>

namespace rb::analysis {
namespace {

constexpr double kSyntheticDx = 2.0;

class Lattices : public ::testing::TestWithParam<LatticeKind> {};

std::string latticeName(const ::testing::TestParamInfo<LatticeKind>& info)
{
    return std::string(latticeKindName(info.param));
}

// A band of `rows` rows around row `centre` holds water `depth` deep moving east at `speed`: every
// edge between two band cells (or between a band cell and the ghost beyond the west or east
// border) carries the flow a uniform stream pushes through its face, h·w·(U·e_f); edges to the dry
// rows carry nothing. The field is divergence-free, so every cross-section carries the inflow.
Map straightChannel(LatticeKind kind, int centre, int rows, float depth, double speed)
{
    Map map;
    map.state = MapState(Lattice(kind, 40, 2 * centre + 1, kSyntheticDx));
    const Lattice& lattice = map.state.lattice;
    const auto inBand = [&](int y) { return std::abs(y - centre) <= rows / 2; };
    for (int y = 0; y < lattice.height(); ++y)
        for (int x = 0; x < lattice.width(); ++x) map.state.depth(x, y) = inBand(y) ? depth : 0.0f;
    for (int f = 0; f < lattice.familyCount(); ++f) {
        const EdgeFamily& family = lattice.family(f);
        for (int y = 0; y < lattice.height(); ++y)
            for (int x = -1; x <= lattice.width(); ++x) {
                const CellOffset tail = family.tailOffset(y);
                if (!inBand(y) || !inBand(y + tail.dy)) continue;
                map.state.flows[static_cast<std::size_t>(f)][lattice.paddedIndex(x, y)] =
                    static_cast<float>(depth * family.faceWidth * speed * family.directionX);
            }
    }
    return map;
}

// What enters through the west border: every edge between a ghost cell west of the map and a cell
// on it, signed into the map.
double westInflow(const MapState& state)
{
    const Lattice& lattice = state.lattice;
    double inflow = 0.0;
    for (int f = 0; f < lattice.familyCount(); ++f)
        for (int y = -1; y <= lattice.height(); ++y)
            for (int x = -1; x <= lattice.width(); ++x) {
                const CellOffset tail = lattice.family(f).tailOffset(y);
                const bool headInside = lattice.contains(x, y), tailInside = lattice.contains(x + tail.dx, y + tail.dy);
                const double q = state.flows[static_cast<std::size_t>(f)][lattice.paddedIndex(x, y)];
                if (headInside && !tailInside && x + tail.dx < 0) inflow += q;
                if (tailInside && !headInside && x < 0) inflow -= q;
            }
    return inflow;
}

TEST_P(Lattices, StraightChannelGivesOneLineAtItsCentre)
{
    constexpr int kCentre = 10, kRows = 7;
    constexpr float kDepth = 0.5f;
    constexpr double kSpeed = 1.2;
    const Map map = straightChannel(GetParam(), kCentre, kRows, kDepth, kSpeed);
    const Lattice& lattice = map.state.lattice;
    const double inflow = westInflow(map.state);
    ASSERT_GT(inflow, 0.0);

    const WaterFeatures features = extractWaterFeatures(map);
    ASSERT_EQ(features.rivers.size(), 1u);
    const River& river = features.rivers.front();
    EXPECT_EQ(river.downstream, -1);
    ASSERT_GE(river.points.size(), static_cast<std::size_t>(lattice.width() - 2));
    const double centreY = lattice.worldPosition(0, kCentre).y;
    const double bandWidth = kRows * lattice.rowSpacing();
    for (std::size_t i = 0; i < river.points.size(); ++i) {
        const RiverPoint& p = river.points[i];
        const std::string where = "point " + std::to_string(i);
        EXPECT_NEAR(p.y, centreY, 0.25 * kSyntheticDx) << where;
        if (i > 0) {
            EXPECT_GT(p.x, river.points[i - 1].x) << where << ": upstream to downstream";
        }
        EXPECT_NEAR(p.width, bandWidth, 0.5 * kSyntheticDx) << where;
        EXPECT_NEAR(p.depth, kDepth, 1e-6) << where;
        EXPECT_NEAR(p.z, kDepth, 1e-6) << where; // flat bed at 0
        EXPECT_NEAR(p.discharge, inflow, 1e-4 * inflow) << where;
        EXPECT_NEAR(p.velocity, p.discharge / (p.width * p.depth), 1e-9) << where;
        EXPECT_GT(p.vx, 0.0) << where;
        EXPECT_NEAR(p.vy, 0.0, 1e-6) << where;
    }
    // On the square lattice the discharge is exactly rows · h · dx · U, and the mean velocity U.
    if (GetParam() == LatticeKind::Square) {
        EXPECT_NEAR(inflow, kRows * kDepth * kSyntheticDx * kSpeed, 1e-5);
        EXPECT_NEAR(river.points[river.points.size() / 2].velocity, kSpeed, 0.05 * kSpeed);
    }
}

// A bowl filled to a level below its rim holds one still lake.
TEST_P(Lattices, ClosedLakeGivesOnePolygonAtItsLevel)
{
    constexpr double kLevel = 2.0, kRadius = 10.0; // the bowl's bed reaches the level 10 m out
    Map map;
    map.state = MapState(Lattice(GetParam(), 32, 32, kSyntheticDx));
    const Lattice& lattice = map.state.lattice;
    const WorldPoint centre{lattice.worldWidth() / 2.0, lattice.worldHeight() / 2.0};
    int lakeCells = 0;
    for (int y = 0; y < lattice.height(); ++y)
        for (int x = 0; x < lattice.width(); ++x) {
            const WorldPoint p = lattice.worldPosition(x, y);
            const double r2 = (p.x - centre.x) * (p.x - centre.x) + (p.y - centre.y) * (p.y - centre.y);
            const auto bed = static_cast<float>(kLevel * r2 / (kRadius * kRadius));
            map.state.bed(x, y) = bed;
            map.state.depth(x, y) = std::max(0.0f, static_cast<float>(kLevel) - bed);
            lakeCells += map.state.depth(x, y) > 0.01f ? 1 : 0;
        }

    const WaterFeatures features = extractWaterFeatures(map);
    EXPECT_TRUE(features.rivers.empty());
    EXPECT_TRUE(features.coast.empty()); // no sea boundary, no coast
    ASSERT_EQ(features.lakes.size(), 1u);
    const Lake& lake = features.lakes.front();
    EXPECT_NEAR(lake.level, kLevel, 1e-5);
    EXPECT_NEAR(lake.area, lakeCells * lattice.cellArea(), 1e-9);
    ASSERT_GE(lake.polygon.size(), 8u);
    EXPECT_DOUBLE_EQ(lake.polygon.front().x, lake.polygon.back().x);
    EXPECT_DOUBLE_EQ(lake.polygon.front().y, lake.polygon.back().y);
    for (const WorldPoint& p : lake.polygon) EXPECT_NEAR(std::hypot(p.x - centre.x, p.y - centre.y), kRadius, 1.5 * kSyntheticDx);
    EXPECT_NEAR(std::abs(enclosedArea(lake.polygon)), lake.area, 0.2 * lake.area);
}

// A cone standing out of a sea all round: one closed coastline where the bed crosses sea level.
TEST_P(Lattices, IslandInTheSeaGivesOneClosedCoastline)
{
    constexpr double kSeaLevel = 1.0, kRadius = 16.0, kSlope = 0.5;
    Map map;
    map.state = MapState(Lattice(GetParam(), 48, 48, kSyntheticDx));
    const Lattice& lattice = map.state.lattice;
    for (Side side : {Side::North, Side::South, Side::East, Side::West})
        map.boundary.push_back(wholeSide(lattice, side, BoundaryType::Sea, kSeaLevel));
    const WorldPoint centre{lattice.worldWidth() / 2.0, lattice.worldHeight() / 2.0};
    for (int y = 0; y < lattice.height(); ++y)
        for (int x = 0; x < lattice.width(); ++x) {
            const WorldPoint p = lattice.worldPosition(x, y);
            const auto bed = static_cast<float>(kSeaLevel + kSlope * (kRadius - std::hypot(p.x - centre.x, p.y - centre.y)));
            map.state.bed(x, y) = bed;
            map.state.depth(x, y) = std::max(0.0f, static_cast<float>(kSeaLevel) - bed);
        }

    const WaterFeatures features = extractWaterFeatures(map);
    EXPECT_TRUE(features.hasSea);
    EXPECT_EQ(features.seaLevel, kSeaLevel);
    EXPECT_TRUE(features.lakes.empty()); // the still sea is no lake
    ASSERT_EQ(features.coast.size(), 1u);
    const Polyline& coast = features.coast.front();
    ASSERT_GE(coast.size(), 16u);
    EXPECT_DOUBLE_EQ(coast.front().x, coast.back().x);
    EXPECT_DOUBLE_EQ(coast.front().y, coast.back().y);
    for (const WorldPoint& p : coast) EXPECT_NEAR(std::hypot(p.x - centre.x, p.y - centre.y), kRadius, 0.5);
}

INSTANTIATE_TEST_SUITE_P(Analysis, Lattices, ::testing::Values(LatticeKind::Square, LatticeKind::Triangle), latticeName);

TEST(RiverThreshold, ReadsFractionsAndDischarges)
{
    std::string error;
    const std::optional<RiverThreshold> fraction = parseRiverThreshold("0.25", &error);
    ASSERT_TRUE(fraction);
    EXPECT_TRUE(fraction->relative);
    EXPECT_EQ(fraction->value, 0.25);
    const std::optional<RiverThreshold> absolute = parseRiverThreshold("5m3/s", &error);
    ASSERT_TRUE(absolute);
    EXPECT_FALSE(absolute->relative);
    EXPECT_EQ(absolute->value, 5.0);
    for (const char* bad : {"", "0", "1.5", "-2m3/s", "abc", "nan", "3 apples"}) {
        error.clear();
        EXPECT_FALSE(parseRiverThreshold(bad, &error)) << bad;
        EXPECT_NE(error.find("fraction"), std::string::npos) << bad;
    }
}

} // namespace
} // namespace rb::analysis
