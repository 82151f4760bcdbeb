// The tidying of traced lines: a line that runs into the start of another is the same river.
#include "analysis/RiverNetwork.h"

#include <gtest/gtest.h>

namespace rb::analysis {
namespace {

// A line of `count` points at x = first, first + 1, …; with `joins` ≥ 0 one more point, the
// confluence placeholder, as RiverTracer leaves it.
River line(int id, double first, int count, int joins = -1, int joinIndex = -1)
{
    River r;
    r.id = id;
    for (int i = 0; i < count; ++i) r.points.push_back(RiverPoint{first + i, 0.0, 0.0, 1.0, 0.1, 1.0, 1.0, 0.0, 3.0});
    r.end = joins >= 0 ? RiverEnd::Confluence : RiverEnd::Sea;
    if (joins >= 0) {
        r.downstream = joins;
        r.joinIndex = joinIndex;
        r.points.push_back(RiverPoint{});
    }
    return r;
}

TEST(RiverNetwork, JoinsALineThatRunsIntoTheStartOfAnother)
{
    // Line 1 (4 points) runs into line 0 at its point 1; line 2 joins line 0 at its point 4.
    std::vector<River> rivers{line(0, 10.0, 6), line(1, 0.0, 4, 0, 1), line(2, 100.0, 5, 0, 4)};
    joinContinuations(rivers);
    ASSERT_EQ(rivers.size(), 2u);
    const River& joined = rivers[0];
    EXPECT_EQ(joined.id, 0);
    ASSERT_EQ(joined.points.size(), 4u + 5u); // its own four, then line 0 from point 1
    EXPECT_EQ(joined.points[3].x, 3.0);
    EXPECT_EQ(joined.points[4].x, 11.0);
    EXPECT_EQ(joined.end, RiverEnd::Sea);
    EXPECT_EQ(joined.downstream, -1);
    const River& tributary = rivers[1];
    EXPECT_EQ(tributary.id, 1);
    EXPECT_EQ(tributary.downstream, 0);
    ASSERT_GE(tributary.joinIndex, 0);
    EXPECT_EQ(joined.points[static_cast<std::size_t>(tributary.joinIndex)].x, 14.0); // line 0's point 4, where it joined
}

TEST(RiverNetwork, DropsAStubAtTheStartOfAnother)
{
    std::vector<River> rivers{line(0, 10.0, 6), line(1, 0.0, 3, 0, 0)};
    joinContinuations(rivers);
    ASSERT_EQ(rivers.size(), 1u);
    EXPECT_EQ(rivers[0].points.size(), 6u);
    EXPECT_EQ(rivers[0].points.front().x, 10.0);
}

TEST(RiverNetwork, KeepsTwoLinesMeetingAtTheStartOfAThird)
{
    std::vector<River> rivers{line(0, 10.0, 6), line(1, 0.0, 5, 0, 0), line(2, 100.0, 5, 0, 1)};
    joinContinuations(rivers);
    EXPECT_EQ(rivers.size(), 3u);
}

TEST(RiverNetwork, KeepsALineJoiningFurtherDown)
{
    std::vector<River> rivers{line(0, 10.0, 10), line(1, 0.0, 5, 0, 6)};
    joinContinuations(rivers);
    ASSERT_EQ(rivers.size(), 2u);
    EXPECT_EQ(rivers[1].downstream, 0);
    EXPECT_EQ(rivers[1].joinIndex, 6);
}

} // namespace
} // namespace rb::analysis
