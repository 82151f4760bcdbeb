// The rectangle helpers the editor's strokes keep their undo data with: CellRegion's union and
// containment, Field's region copies, and FieldPatch, which grows over the cells a stroke touches.
#include "model/FieldPatch.h"

#include <gtest/gtest.h>

#include <cstdint>

namespace rb {
namespace {

// Every cell a different value, so a copy from the wrong cell shows.
FloatField numbered(int width, int height)
{
    FloatField field(width, height);
    for (int y = 0; y < height; ++y)
        for (int x = 0; x < width; ++x) field(x, y) = static_cast<float>(1000 * y + x);
    return field;
}

TEST(CellRegion, UniteIsTheSmallestRectangleHoldingBoth)
{
    const CellRegion a{2, 3, 4, 5}, b{10, 1, 2, 2};
    const CellRegion both = unite(a, b);
    EXPECT_EQ(both, (CellRegion{2, 1, 10, 7}));
    EXPECT_TRUE(both.contains(a));
    EXPECT_TRUE(both.contains(b));
    EXPECT_FALSE(a.contains(b));
    EXPECT_EQ(unite(CellRegion{}, b), b); // the empty rectangle adds nothing, wherever it says it is
    EXPECT_EQ(unite(a, CellRegion{50, 50, 0, 3}), a);
    EXPECT_TRUE(a.contains(CellRegion{}));
    EXPECT_FALSE(CellRegion{}.contains(a));
}

TEST(CellRegion, RelativeToMovesTheOriginOnly)
{
    EXPECT_EQ((CellRegion{5, 7, 3, 2}.relativeTo(CellRegion{4, 4, 10, 10})), (CellRegion{1, 3, 3, 2}));
}

TEST(Field, ValuesInReadsAndSetValuesInWritesExactlyTheRectangle)
{
    FloatField field = numbered(9, 7);
    const CellRegion rect{2, 1, 3, 4};
    const std::vector<float> values = field.valuesIn(rect);
    ASSERT_EQ(values.size(), rect.cellCount());
    for (int y = rect.y; y < rect.y + rect.height; ++y)
        for (int x = rect.x; x < rect.x + rect.width; ++x) EXPECT_EQ(values[rect.indexOf(x, y)], field(x, y));

    const FloatField before = field;
    field.setValuesIn(rect, std::vector<float>(rect.cellCount(), -1.0f));
    for (int y = 0; y < field.height(); ++y)
        for (int x = 0; x < field.width(); ++x) {
            const bool inside = rect.contains(CellRegion{x, y, 1, 1});
            EXPECT_EQ(field(x, y), inside ? -1.0f : before(x, y)) << x << ", " << y;
        }
}

// A stroke's snapshot: each growth takes the new cells from the map as it is then, and keeps the
// cells it already held, even where the map has changed since (the stroke changed them).
TEST(FieldPatch, GrowingKeepsHeldCellsAndTakesNewOnesFromTheSource)
{
    FloatField map = numbered(40, 30);
    const FloatField original = map;
    FieldPatch<float> patch;
    EXPECT_TRUE(patch.empty());

    const CellRegion first{5, 5, 4, 4};
    patch.growTo(first, map);
    EXPECT_EQ(patch.region(), first);
    map.setValuesIn(first, std::vector<float>(first.cellCount(), 0.5f)); // the stroke paints there

    const CellRegion second{7, 12, 6, 3};
    patch.growTo(second, map);
    EXPECT_EQ(patch.region(), unite(first, second));
    EXPECT_LT(patch.values().size(), map.size()); // the map's cells are not all kept
    for (int y = patch.region().y; y < patch.region().y + patch.region().height; ++y)
        for (int x = patch.region().x; x < patch.region().x + patch.region().width; ++x)
            ASSERT_EQ(patch.at(x, y), original(x, y)) << x << ", " << y;
    EXPECT_EQ(patch.valuesIn(second), original.valuesIn(second));

    patch.growTo(CellRegion{6, 6, 2, 2}, map); // already held: nothing changes
    EXPECT_EQ(patch.region(), unite(first, second));
    EXPECT_EQ(patch.at(6, 6), original(6, 6));

    patch.clear();
    EXPECT_TRUE(patch.empty());
    EXPECT_TRUE(patch.values().empty());
}

TEST(FieldPatch, GrowingWithAFillSetsOnlyTheNewCells)
{
    FieldPatch<std::uint8_t> painted;
    painted.growTo(CellRegion{3, 3, 2, 2}, std::uint8_t{0});
    painted.at(4, 4) = 1;
    painted.growTo(CellRegion{0, 0, 1, 1}, std::uint8_t{0});
    EXPECT_EQ(painted.region(), (CellRegion{0, 0, 5, 5}));
    int marked = 0;
    for (std::uint8_t v : painted.values()) marked += v;
    EXPECT_EQ(marked, 1);
    EXPECT_EQ(painted.at(4, 4), 1);
}

} // namespace
} // namespace rb
