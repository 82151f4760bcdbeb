// Issue 30: on generated islands whose springs' water the momentum model has settled, the river
// lines hold together: none ends inland while it still carries the threshold, every spring starts
// one, and each carries what feeds it (its spring, or the lines that join at its start) within 2%.
#include "WaterTestSupport.h"

#include "analysis/LakeFinder.h"
#include "analysis/SeaMask.h"
#include "analysis/SpringTags.h"
#include "analysis/WaterFeatureExtraction.h"
#include "generator/TerrainGenerator.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <functional>
#include <limits>
#include <optional>
#include <set>
#include <string>

namespace rb::analysis {
namespace {

constexpr int kIslandLinesSize = 128;
constexpr double kIslandLinesSettleSeconds = 200.0;
constexpr double kIslandLinesManning = 0.035;      // s/m^(1/3), a natural channel
constexpr double kReachCells = 2.0;     // an end this close to the sea, a lake or the border reaches it
constexpr double kSpringCells = 3.0;    // a line starting this close to a spring is that spring's
constexpr double kStartCells = 6.0;     // every spring starts a line this close to it (where its water has gathered)
constexpr double kFeedTolerance = 0.02; // the 2%

struct IslandCase {
    LatticeKind lattice;
    int seed;
};

Map settledIsland(IslandCase c, bool tagSpringsFirst = false)
{
    gen::GeneratorSettings settings(gen::Preset::Island);
    settings.common.width = kIslandLinesSize;
    settings.common.height = kIslandLinesSize;
    settings.common.lattice = c.lattice;
    settings.common.seed = c.seed;
    const gen::GenerationResult generated = gen::generateMap(settings);
    EXPECT_TRUE(generated.ok()) << generated.error;
    Map start = generated.map;
    start.params.model = FlowModel::Momentum; // set here: the default of new maps may change
    start.params.manning = kIslandLinesManning;
    if (tagSpringsFirst) {
        const SpringTagging tagging = tagSprings(start);
        EXPECT_TRUE(tagging.untagged.empty()) << tagging.untagged.size() << " springs left without a dye channel";
        EXPECT_FALSE(tagging.tagged.empty());
    }
    return test::settle(start, kIslandLinesSettleSeconds);
}

bool anyCellNear(const Lattice& lattice, WorldPoint p, const std::function<bool(std::size_t)>& holds)
{
    const double reach = kReachCells * lattice.cellSize();
    for (int y = 0; y < lattice.height(); ++y)
        for (int x = 0; x < lattice.width(); ++x) {
            const WorldPoint c = lattice.worldPosition(x, y);
            if (std::hypot(c.x - p.x, c.y - p.y) <= reach && holds(lattice.index(x, y))) return true;
        }
    return false;
}

bool nearBorder(const Lattice& lattice, WorldPoint p)
{
    const double reach = kReachCells * lattice.cellSize();
    return p.x < reach || p.y < reach || p.x > lattice.worldWidth() - reach || p.y > lattice.worldHeight() - reach;
}

// The spring rate a line starts from (0 when it starts at no spring), or the discharge of the
// lines joining at its start (their last point but one: the last is a copy of this line's first).
double feedOf(const River& river, const std::vector<River>& rivers, const std::vector<PointSource>& sources, double cellSize)
{
    double feed = 0.0;
    for (const River& r : rivers)
        if (r.downstream == river.id && r.joinIndex == 0 && r.points.size() >= 2) feed += r.points[r.points.size() - 2].discharge;
    if (feed > 0.0) return feed;
    const RiverPoint& first = river.points.front();
    for (const PointSource& s : sources)
        if (s.kind == PointSource::Kind::Spring && std::hypot(s.x - first.x, s.y - first.y) <= kSpringCells * cellSize) feed += s.rate;
    return feed;
}

// No line ends inland while it still carries the threshold: a line that does not join another
// ends at the sea, a lake or the border, or carries less than the threshold at its end; and the
// end it names is where it is.
void expectNoLineEndsInland(const Map& map, const WaterFeatures& features, const LakeMap& lakes, const std::vector<std::uint8_t>& sea)
{
    const Lattice& lattice = map.state.lattice;
    for (const River& river : features.rivers) {
        const RiverPoint& end = river.points.back();
        const WorldPoint at{end.x, end.y};
        const bool atSea = anyCellNear(lattice, at, [&](std::size_t i) { return sea[i] != 0; });
        const bool atLake = anyCellNear(lattice, at, [&](std::size_t i) { return lakes.cellLake[i] >= 0; });
        const bool atBorder = nearBorder(lattice, at);
        if (river.downstream < 0 && !atSea && !atLake && !atBorder) {
            EXPECT_LT(end.discharge, features.riverThreshold)
                << "line " << river.id << " ends inland at (" << end.x << ", " << end.y << ") carrying " << end.discharge << " m3/s";
        }
        if (river.end == RiverEnd::Sea) {
            EXPECT_TRUE(atSea) << "line " << river.id;
        }
        if (river.end == RiverEnd::Lake) {
            EXPECT_TRUE(atLake) << "line " << river.id;
        }
    }
}

// The worst deviation from its feed of any point a line owns, over every line fed by a spring or
// by the lines joining at its start and not in `exempt`; `fedLines` counts those lines.
double worstFeedDeviation(const Map& map, const WaterFeatures& features, int* fedLines = nullptr, const std::vector<int>& exempt = {})
{
    double worst = 0.0;
    for (const River& river : features.rivers) {
        const double feed = feedOf(river, features.rivers, map.sources, map.state.lattice.cellSize());
        if (!(feed > 0.0) || std::find(exempt.begin(), exempt.end(), river.id) != exempt.end()) continue;
        if (fedLines) ++*fedLines;
        const std::size_t own = river.points.size() - (river.downstream >= 0 ? 1 : 0);
        for (std::size_t i = 0; i < own; ++i) worst = std::max(worst, std::abs(river.points[i].discharge / feed - 1.0));
    }
    return worst;
}

// Every line fed by a spring or by the lines joining at its start (and not in `exempt`) carries
// that feed within 2% at each of its own points; returns the worst deviation.
double expectLinesCarryTheirFeed(const Map& map, const WaterFeatures& features, const std::vector<int>& exempt = {})
{
    for (const River& river : features.rivers) {
        const double feed = feedOf(river, features.rivers, map.sources, map.state.lattice.cellSize());
        if (!(feed > 0.0) || std::find(exempt.begin(), exempt.end(), river.id) != exempt.end()) continue;
        const std::size_t own = river.points.size() - (river.downstream >= 0 ? 1 : 0);
        for (std::size_t i = 0; i < own; ++i)
            EXPECT_LE(std::abs(river.points[i].discharge / feed - 1.0), kFeedTolerance)
                << "line " << river.id << " point " << i << " carries " << river.points[i].discharge << " m3/s for a feed of " << feed;
    }
    int fedLines = 0;
    const double worst = worstFeedDeviation(map, features, &fedLines, exempt);
    // Not vacuous: some line was compared with its feed, unless every line carries a parted
    // spring's water (then the springs' totals at the lines' ends are the check).
    if (std::set<int>(exempt.begin(), exempt.end()).size() < features.rivers.size()) {
        EXPECT_GE(fedLines, 1);
    }
    return worst;
}

// One line per river: every spring's water starts a line near it.
void expectALineFromEverySpring(const Map& map, const std::vector<River>& rivers)
{
    const double reach = kStartCells * map.state.lattice.cellSize();
    for (const PointSource& spring : map.sources) {
        double nearest = std::numeric_limits<double>::infinity();
        for (const River& r : rivers) nearest = std::min(nearest, std::hypot(r.points.front().x - spring.x, r.points.front().y - spring.y));
        EXPECT_LE(nearest, reach) << "no line starts near the spring at (" << spring.x << ", " << spring.y << ")";
    }
}

struct Settled {
    Map map;
    std::vector<std::uint8_t> sea;
    LakeMap lakes;
};

Settled settledWithWater(IslandCase c, bool tagSpringsFirst = false)
{
    Settled s{settledIsland(c, tagSpringsFirst), {}, {}};
    const std::optional<double> level = seaLevel(s.map);
    EXPECT_TRUE(level.has_value());
    s.sea = seaMask(s.map, level.value_or(0.0));
    s.lakes = mapLakes(s.map.state, s.sea);
    return s;
}

// The default threshold, and half a spring's rate: there a river spread over three cells or more
// (a widening, a shallow flat) has cells that each carry less than the threshold.
std::vector<RiverThreshold> thresholdsFor(const Map& map)
{
    return {kDefaultRiverThreshold, RiverThreshold{0.5 * map.sources.front().rate, false}};
}

void printFigures(IslandCase c, const Map& map, const WaterFeatures& features, const char* more)
{
    std::printf("[ figures ] %s seed %d, threshold %.2f m3/s: %zu lines for %zu springs%s\n", std::string(latticeKindName(c.lattice)).c_str(),
                c.seed, features.riverThreshold, features.rivers.size(), map.sources.size(), more);
}

std::string caseName(const ::testing::TestParamInfo<IslandCase>& info)
{
    return std::string(latticeKindName(info.param.lattice)) + "_seed" + std::to_string(info.param.seed);
}

class IslandRiverLines : public ::testing::TestWithParam<IslandCase> {};

TEST_P(IslandRiverLines, EndOnlyWhereTheWaterDoesAndCarryWhatFeedsThem)
{
    const Settled s = settledWithWater(GetParam());
    ASSERT_FALSE(s.map.sources.empty());
    for (const RiverThreshold threshold : thresholdsFor(s.map)) {
        const WaterFeatures features = extractWaterFeatures(s.map, threshold);
        SCOPED_TRACE("threshold " + std::to_string(features.riverThreshold) + " m3/s");
        ASSERT_FALSE(features.rivers.empty());
        expectNoLineEndsInland(s.map, features, s.lakes, s.sea);
        const double worst = expectLinesCarryTheirFeed(s.map, features);
        expectALineFromEverySpring(s.map, features.rivers);
        const std::string more = ", worst deviation from the feed " + std::to_string(100.0 * worst) + "%";
        printFigures(GetParam(), s.map, features, more.c_str());
    }
}

// Seeds whose rivers the old tracer broke inland (1 to 4 pieces each at this size).
INSTANTIATE_TEST_SUITE_P(Analysis, IslandRiverLines,
                         ::testing::Values(IslandCase{LatticeKind::Square, 1}, IslandCase{LatticeKind::Square, 3},
                                           IslandCase{LatticeKind::Square, 6}, IslandCase{LatticeKind::Triangle, 2},
                                           IslandCase{LatticeKind::Triangle, 3}, IslandCase{LatticeKind::Triangle, 8}),
                         caseName);

// Islands whose springs lie close together: the water of two springs touches, or one spring's
// water parts between two valleys, so a line may carry more or less than one spring (the feed is
// not checked); still none ends inland while it carries the threshold. On these seeds the step
// that lands on dry ground at a sharp turn must be tried again.
class CrowdedIslandRiverLines : public ::testing::TestWithParam<IslandCase> {};

TEST_P(CrowdedIslandRiverLines, EndOnlyWhereTheWaterDoes)
{
    const Settled s = settledWithWater(GetParam());
    ASSERT_FALSE(s.map.sources.empty());
    for (const RiverThreshold threshold : thresholdsFor(s.map)) {
        const WaterFeatures features = extractWaterFeatures(s.map, threshold);
        SCOPED_TRACE("threshold " + std::to_string(features.riverThreshold) + " m3/s");
        ASSERT_FALSE(features.rivers.empty());
        expectNoLineEndsInland(s.map, features, s.lakes, s.sea);
        printFigures(GetParam(), s.map, features, "");
    }
}

INSTANTIATE_TEST_SUITE_P(Analysis, CrowdedIslandRiverLines,
                         ::testing::Values(IslandCase{LatticeKind::Square, 4}, IslandCase{LatticeKind::Triangle, 5},
                                           IslandCase{LatticeKind::Triangle, 7}),
                         caseName);

// The same crowded islands with every spring's water tagged by a dye channel from the start
// (simulate --tag-springs): the lines count only their own springs' water (and what of another
// spring's water joins them for good), so every spring has a line, the water of two springs that
// touches is no longer counted twice, and every line carries its feed within 2%, except the lines
// that carry the water of a spring whose water really parts between two valleys (`partedSprings`
// of them per case): for those, the spring's water is found, all of it and once, at the lines' ends.
// (Triangle seed 5: one spring parted before the free-overfall rule, two since: the second sends
// 0.063 of its 3 m³/s down a second valley, 2.1%, over the 2% that counts as parting.)
struct TaggedCase {
    IslandCase island;
    int partedSprings;
};

Map withoutTags(const Map& map)
{
    Map untagged = map;
    for (PointSource& s : untagged.sources) s.dye = -1;
    return untagged;
}

// Lines that end other than in a confluence: together they carry all the water.
std::vector<const River*> mouthLines(const WaterFeatures& features)
{
    std::vector<const River*> mouths;
    for (const River& r : features.rivers)
        if (r.downstream < 0) mouths.push_back(&r);
    return mouths;
}

// Each tagged spring's water is found at the lines' ends within 2% of its rate, counted once; a
// spring whose water two or more of them carry (2% of its rate each at least) has parted, and the
// lines carrying it are returned (their feed is no longer one spring's rate).
std::vector<int> expectEverySpringsWaterAtTheEnds(const Map& map, const WaterFeatures& features, int& parted)
{
    std::vector<int> exempt;
    parted = 0;
    for (const PointSource& spring : map.sources) {
        if (spring.kind != PointSource::Kind::Spring || spring.dye < 0) continue;
        const auto k = static_cast<std::size_t>(spring.dye);
        double found = 0.0;
        std::vector<int> carriers;
        for (const River* r : mouthLines(features)) {
            const double q = r->points.back().byOrigin[k];
            found += q;
            if (q >= kFeedTolerance * spring.rate) carriers.push_back(r->id);
        }
        EXPECT_NEAR(found, spring.rate, kFeedTolerance * spring.rate) << "the water of the spring at (" << spring.x << ", " << spring.y << ") at the lines' ends";
        if (carriers.size() < 2) continue;
        ++parted;
        std::printf("[ figures ] the spring at (%.0f, %.0f) parts:", spring.x, spring.y);
        for (const int id : carriers) std::printf(" line %d carries %.3f m3/s of it;", id, features.rivers[static_cast<std::size_t>(id)].points.back().byOrigin[k]);
        std::printf("\n");
        exempt.insert(exempt.end(), carriers.begin(), carriers.end());
    }
    return exempt;
}

class TaggedCrowdedIslandRiverLines : public ::testing::TestWithParam<TaggedCase> {};

TEST_P(TaggedCrowdedIslandRiverLines, EveryLineCarriesItsOwnSpringsWater)
{
    const IslandCase island = GetParam().island;
    const Settled s = settledWithWater(island, true);
    ASSERT_FALSE(s.map.sources.empty());
    double worstUntagged = 0.0;
    for (const RiverThreshold threshold : thresholdsFor(s.map)) {
        const WaterFeatures features = extractWaterFeatures(s.map, threshold);
        SCOPED_TRACE("threshold " + std::to_string(features.riverThreshold) + " m3/s");
        ASSERT_FALSE(features.rivers.empty());
        EXPECT_TRUE(features.byOrigin);
        expectNoLineEndsInland(s.map, features, s.lakes, s.sea);
        expectALineFromEverySpring(s.map, features.rivers);
        int parted = 0;
        const std::vector<int> exempt = expectEverySpringsWaterAtTheEnds(s.map, features, parted);
        EXPECT_EQ(parted, GetParam().partedSprings);
        const double worst = expectLinesCarryTheirFeed(s.map, features, exempt);
        const WaterFeatures untagged = extractWaterFeatures(withoutTags(s.map), threshold);
        EXPECT_FALSE(untagged.byOrigin);
        const double worstWithout = worstFeedDeviation(s.map, untagged);
        worstUntagged = std::max(worstUntagged, worstWithout);
        const std::string more = ", worst deviation from the feed " + std::to_string(100.0 * worst) + "% (without the tags "
                                 + std::to_string(100.0 * worstWithout) + "%, " + std::to_string(untagged.rivers.size()) + " lines)";
        printFigures(island, s.map, features, more.c_str());
    }
    EXPECT_GT(worstUntagged, kFeedTolerance) << "the tags made no difference: the case no longer tests them";
}

std::string taggedCaseName(const ::testing::TestParamInfo<TaggedCase>& info)
{
    return std::string(latticeKindName(info.param.island.lattice)) + "_seed" + std::to_string(info.param.island.seed);
}

INSTANTIATE_TEST_SUITE_P(Analysis, TaggedCrowdedIslandRiverLines,
                         ::testing::Values(TaggedCase{{LatticeKind::Square, 4}, 1}, TaggedCase{{LatticeKind::Triangle, 5}, 2},
                                           TaggedCase{{LatticeKind::Triangle, 7}, 0}),
                         taggedCaseName);

} // namespace
} // namespace rb::analysis
