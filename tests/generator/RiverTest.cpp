#include "GeneratorTestSupport.h"

#include <gtest/gtest.h>

#include <set>
#include <string>
#include <tuple>

namespace rb::gen {
namespace {

using test::generateOrFail;
using test::smallSettings;

constexpr int kRiverSize = 128;
constexpr int kRiverSeeds = 20;

const BoundarySegment* segmentOfType(const Map& map, BoundaryType type)
{
    for (const BoundarySegment& s : map.boundary)
        if (s.type == type) return &s;
    return nullptr;
}

int positionOnSide(CellCoord c, Side side)
{
    return (side == Side::North || side == Side::South) ? c.x : c.y;
}

Side opposite(Side side)
{
    switch (side) {
    case Side::North: return Side::South;
    case Side::South: return Side::North;
    case Side::West: return Side::East;
    case Side::East: return Side::West;
    }
    return side;
}

void expectChannelRunsFromInflowToExit(const GenerationResult& result, const RiverParams& river, const std::string& what)
{
    const Map& map = result.map;
    const Lattice& lattice = map.state.lattice;
    const std::vector<CellCoord>& path = result.channel;
    ASSERT_GE(path.size(), 2u) << what;

    // One 8-connected path without repeats; on the triangular lattice every step is a pipe.
    std::set<std::pair<int, int>> visited;
    for (std::size_t i = 0; i < path.size(); ++i) {
        EXPECT_TRUE(visited.insert({path[i].x, path[i].y}).second) << what << ": cell visited twice";
        if (i == 0) continue;
        const int dx = path[i].x - path[i - 1].x, dy = path[i].y - path[i - 1].y;
        EXPECT_TRUE(std::max(std::abs(dx), std::abs(dy)) == 1) << what << ": step " << i << " jumps";
        if (lattice.kind() == LatticeKind::Triangle) {
            bool joined = false;
            for (CellCoord n : test::neighbours(lattice, path[i - 1])) joined = joined || (n.x == path[i].x && n.y == path[i].y);
            EXPECT_TRUE(joined) << what << ": step " << i << " is not a lattice edge";
        }
    }

    // The bed never rises from source to mouth.
    for (std::size_t i = 1; i < path.size(); ++i)
        ASSERT_LE(map.state.bed(path[i].x, path[i].y), map.state.bed(path[i - 1].x, path[i - 1].y)) << what << ": step " << i;

    // It starts inside the inflow segment, on the entry side.
    const BoundarySegment* inflow = segmentOfType(map, BoundaryType::Inflow);
    ASSERT_NE(inflow, nullptr) << what;
    EXPECT_EQ(inflow->side, river.entrySide);
    EXPECT_EQ(inflow->value, river.discharge);
    EXPECT_TRUE(test::onSide(lattice, path.front(), river.entrySide)) << what;
    const int entry = positionOnSide(path.front(), river.entrySide);
    EXPECT_TRUE(entry >= inflow->start && entry <= inflow->end) << what;

    // It ends in the sea (below sea level and filled from the sea boundary) or on the exit edge.
    const CellCoord last = path.back();
    if (river.end == RiverEnd::Sea) {
        const BoundarySegment* sea = segmentOfType(map, BoundaryType::Sea);
        ASSERT_NE(sea, nullptr) << what;
        EXPECT_LT(map.state.bed(last.x, last.y), sea->value) << what;
        EXPECT_FLOAT_EQ(map.state.depth(last.x, last.y), static_cast<float>(sea->value - map.state.bed(last.x, last.y))) << what;
    } else {
        const BoundarySegment* outflow = segmentOfType(map, BoundaryType::Outflow);
        ASSERT_NE(outflow, nullptr) << what;
        EXPECT_EQ(outflow->side, opposite(river.entrySide));
        EXPECT_TRUE(test::onSide(lattice, last, outflow->side)) << what;
    }
}

class RiverChannel : public ::testing::TestWithParam<std::tuple<LatticeKind, RiverEnd>> {};

TEST_P(RiverChannel, IsOneDescendingPathFromTheInflowToTheSeaOrExit)
{
    const auto [lattice, end] = GetParam();
    for (int seed = 1; seed <= kRiverSeeds; ++seed) {
        GeneratorSettings settings = smallSettings(Preset::River, kRiverSize, lattice, seed);
        settings.river.end = end;
        const GenerationResult result = generateOrFail(settings);
        expectChannelRunsFromInflowToExit(result, settings.river, "seed " + std::to_string(seed));
    }
}

INSTANTIATE_TEST_SUITE_P(Generator, RiverChannel,
                         ::testing::Combine(::testing::Values(LatticeKind::Square, LatticeKind::Triangle),
                                            ::testing::Values(RiverEnd::Sea, RiverEnd::Outflow)),
                         [](const auto& info) {
                             return std::string(latticeKindName(std::get<0>(info.param)))
                                    + (std::get<1>(info.param) == RiverEnd::Sea ? "_sea" : "_outflow");
                         });

TEST(RiverChannel, EntersThroughWhicheverSideIsChosen)
{
    for (LatticeKind lattice : {LatticeKind::Square, LatticeKind::Triangle})
        for (Side side : {Side::North, Side::South, Side::West, Side::East}) {
            GeneratorSettings settings = smallSettings(Preset::River, kRiverSize, lattice, 3);
            settings.common.height = 96; // not square, so that the two axes cannot be confused
            settings.river.entrySide = side;
            const GenerationResult result = generateOrFail(settings);
            expectChannelRunsFromInflowToExit(result, settings.river,
                                              std::string(latticeKindName(lattice)) + " " + std::string(sideName(side)));
        }
}

// The channel bottom starts primed with prime_depth of water, or dry when it is 0.
TEST(RiverChannel, StartsPrimedOrEmptyAsAsked)
{
    GeneratorSettings settings = smallSettings(Preset::River, kRiverSize, LatticeKind::Square, 4);
    settings.river.primeDepth = 0.75;
    const GenerationResult primed = generateOrFail(settings);
    const CellCoord first = primed.channel.front();
    EXPECT_FLOAT_EQ(primed.map.state.depth(first.x, first.y), 0.75f);
    settings.river.primeDepth = 0.0;
    const GenerationResult empty = generateOrFail(settings);
    EXPECT_EQ(empty.map.state.depth(first.x, first.y), 0.0f);
    EXPECT_LT(empty.map.state.volume(), primed.map.state.volume());
}

} // namespace
} // namespace rb::gen
