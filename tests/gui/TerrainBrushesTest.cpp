// Each terrain brush does what its name says to the cells under it and nothing elsewhere, as one
// undoable command that undo takes back bitwise: raise and lower by the strength at the centre,
// smooth makes bumps smaller, flatten pulls towards the height under the first click, set height
// reaches the height in the bar. A stroke's command keeps only the rectangle it touched, Esc takes
// a stroke back, and one default dab of raise or lower shows even on a flat map.
#include "GuiTestSupport.h"

#include "commands/PaintTerrainCommand.h"
#include "document/MapDocument.h"
#include "tools/BrushTool.h"
#include "tools/SetHeightTool.h"
#include "tools/ToolManager.h"
#include "view/Viewport.h"

#include <QTest>
#include <QUndoStack>

#include <algorithm>
#include <cmath>

namespace {

constexpr int kSize = 48;

// Bumps of ±2 m around 5 m, one cell across: smoothing has something to do everywhere.
rb::Map bumpyField()
{
    rb::Map map;
    map.state = rb::MapState(rb::Lattice(rb::LatticeKind::Square, kSize, kSize, 2.0));
    for (int y = 0; y < kSize; ++y)
        for (int x = 0; x < kSize; ++x) map.state.bed(x, y) = 5.0f + (((x + y) & 1) ? 2.0f : -2.0f);
    return map;
}

// Sum of |cell − mean of its 4 neighbours| over a square around (cx, cy).
double roughness(const rb::FloatField& bed, int cx, int cy, int half)
{
    double sum = 0.0;
    for (int y = cy - half; y <= cy + half; ++y)
        for (int x = cx - half; x <= cx + half; ++x)
            sum += std::abs(bed(x, y) - 0.25 * (bed(x - 1, y) + bed(x + 1, y) + bed(x, y - 1) + bed(x, y + 1)));
    return sum;
}

} // namespace

class TerrainBrushesTest : public QObject {
    Q_OBJECT

private:
    rb::guitest::Editor editor_;
    rb::editor::MainWindow* window() { return editor_.window.get(); }
    const rb::FloatField& bed() { return window()->document()->map().state.bed; }

    rb::tools::BrushTool* use(const QString& id, double radius, double strength, double falloff)
    {
        auto* manager = window()->toolManager();
        auto* brush = static_cast<rb::tools::BrushTool*>(manager->tool(id));
        manager->setActiveTool(brush);
        brush->setRadiusCells(radius);
        brush->setStrength(strength);
        brush->setFalloff(falloff);
        return brush;
    }

    // One dab at a cell (press and release without moving), as one command.
    void dabAt(int x, int y)
    {
        const int index = window()->document()->undoStack()->index();
        const QPoint at = rb::guitest::pixelOfCell(*window(), x, y);
        rb::guitest::dragThrough(*window(), {at, at});
        QCOMPARE(window()->document()->undoStack()->index(), index + 1);
    }

    // Cells farther than `radius` + 1 cells from (cx, cy) kept their values bitwise.
    void onlyNear(const rb::FloatField& before, int cx, int cy, double radius)
    {
        for (int y = 0; y < kSize; ++y)
            for (int x = 0; x < kSize; ++x)
                if (std::hypot(x - cx, y - cy) > radius + 1.0) QCOMPARE(bed()(x, y), before(x, y));
    }

    void undoRestores(const rb::FloatField& before)
    {
        window()->document()->undoStack()->undo();
        QVERIFY(bed() == before);
    }

private slots:
    void initTestCase()
    {
        editor_ = rb::guitest::openEditor(64);
        QVERIFY(rb::guitest::openMap(*window(), bumpyField()));
        rb::guitest::lookStraightDown(*window());
    }

    void cleanupTestCase()
    {
        QVERIFY2(editor_.errors->isEmpty(), qPrintable(editor_.errors->join("\n")));
        editor_.window.reset();
    }

    // At their default strength (set for the map when it arrived) one dab of raise and one of
    // lower each move the bed by at least 1 % of the map's relief: visible at the map's scale.
    void defaultRaiseAndLowerAreVisible()
    {
        const rb::FloatField before = bed();
        const auto [lo, hi] = std::minmax_element(before.values().begin(), before.values().end());
        const double relief = static_cast<double>(*hi - *lo);
        for (const QString id : {"raise", "lower"}) {
            auto* manager = window()->toolManager();
            manager->setActiveTool(manager->tool(id));
            dabAt(24, 24);
            double moved = 0.0;
            for (std::size_t i = 0; i < before.values().size(); ++i)
                moved = std::max(moved, std::abs(static_cast<double>(bed().values()[i] - before.values()[i])));
            qInfo("%s: one default dab moved the bed by up to %.3f m, %.2f %% of the %.1f m relief", qPrintable(id), moved,
                  100.0 * moved / relief, relief);
            QVERIFY(moved >= 0.01 * relief);
            undoRestores(before);
        }
    }

    void raiseAndLowerMoveTheCentreByTheStrength()
    {
        const rb::FloatField before = bed();
        use("raise", 4.0, 1.5, 0.0);
        dabAt(24, 24);
        QCOMPARE(bed()(24, 24), before(24, 24) + 1.5f);
        QCOMPARE(bed()(26, 24), before(26, 24) + 1.5f); // inside the hard-edged brush
        onlyNear(before, 24, 24, 4.0);
        undoRestores(before);
        use("lower", 4.0, 0.5, 0.0);
        dabAt(10, 30);
        QCOMPARE(bed()(10, 30), before(10, 30) - 0.5f);
        onlyNear(before, 10, 30, 4.0);
        undoRestores(before);
    }

    void smoothMakesBumpsSmaller()
    {
        const rb::FloatField before = bed();
        use("smooth", 5.0, 1.0, 0.0);
        dabAt(24, 24);
        const double was = roughness(before, 24, 24, 2), now = roughness(bed(), 24, 24, 2);
        qInfo("smooth: roughness around the centre %.2f -> %.2f", was, now);
        QVERIFY(now < 0.5 * was);
        onlyNear(before, 24, 24, 5.0);
        undoRestores(before);
    }

    void flattenPullsTowardsTheFirstClick()
    {
        const rb::FloatField before = bed();
        use("flatten", 3.0, 1.0, 0.0);
        // The view (which both this pick and the tool's use) shows the terrain the last undo gave
        // back only once the simulation has taken it: wait, or the two picks may see different beds.
        QVERIFY(rb::guitest::waitUntil([&] { return window()->viewport()->picker().state()->bed == before; }));
        const QPoint first = rb::guitest::pixelOfCell(*window(), 20, 20);
        const auto under = window()->viewport()->pickAt(first, rb::view::PickTarget::Terrain);
        QVERIFY(under);
        const float target = under->point.y(); // the terrain's height where the click lands
        QVERIFY(std::abs(target - before(20, 20)) < 1.0f);
        rb::guitest::dragThrough(*window(), {first, rb::guitest::pixelOfCell(*window(), 30, 20)});
        for (int x = 20; x <= 30; ++x) // along the drag, inside the hard-edged brush: at the target
            QVERIFY2(std::abs(bed()(x, 20) - target) < 1e-3f, qPrintable(QString("cell (%1, 20): %2, target %3").arg(x).arg(bed()(x, 20)).arg(target)));
        undoRestores(before);
    }

    void setHeightReachesTheHeightInTheBar()
    {
        const rb::FloatField before = bed();
        auto* tool = static_cast<rb::tools::SetHeightTool*>(use("setHeight", 4.0, 1.0, 0.5));
        tool->setHeight(12.0);
        dabAt(24, 24);
        for (int y = 22; y <= 26; ++y) // well within the inner (1 − falloff) radius of 2 cells: exactly there
            for (int x = 22; x <= 26; ++x)
                if (std::hypot(x - 24, y - 24) <= 1.5) QCOMPARE(bed()(x, y), 12.0f);
        QVERIFY(bed()(27, 24) > before(27, 24) && bed()(27, 24) < 12.0f); // the falloff: part of the way
        onlyNear(before, 24, 24, 4.0);
        undoRestores(before);
    }

    // The command holds the stroke's bounding rectangle, not the map: every changed cell is in it
    // and it is no larger than the brush swept along the drag (the radius, the dab rectangle's
    // margin of a cell or two, and a pick a little off the cell's centre).
    void aStrokeKeepsOnlyTheRectangleItTouched()
    {
        const rb::FloatField before = bed();
        use("raise", 3.0, 0.5, 0.5);
        QUndoStack* stack = window()->document()->undoStack();
        rb::guitest::dragThrough(*window(), {rb::guitest::pixelOfCell(*window(), 10, 24), rb::guitest::pixelOfCell(*window(), 20, 24)});
        const auto* command = dynamic_cast<const rb::commands::PaintTerrainCommand*>(stack->command(stack->index() - 1));
        QVERIFY(command);
        const rb::CellRegion rect = command->rect();
        qInfo("the stroke kept %dx%d cells at (%d, %d) of the %dx%d map", rect.width, rect.height, rect.x, rect.y, kSize, kSize);
        for (int y = 0; y < kSize; ++y)
            for (int x = 0; x < kSize; ++x)
                if (bed()(x, y) != before(x, y)) QVERIFY(rect.contains(rb::CellRegion{x, y, 1, 1}));
        QVERIFY(rect.x >= 10 - 6 && rect.x + rect.width <= 20 + 7);
        QVERIFY(rect.y >= 24 - 6 && rect.y + rect.height <= 24 + 7);
        QVERIFY(rect.cellCount() < static_cast<std::size_t>(kSize * kSize) / 4);
        undoRestores(before);
        stack->redo();
        QVERIFY(bed() != before);
        undoRestores(before);
    }

    // Esc during a stroke puts the terrain back bitwise and leaves no command.
    void escapeTakesTheStrokeBack()
    {
        const rb::FloatField before = bed();
        auto* brush = use("raise", 3.0, 0.5, 0.5);
        QUndoStack* stack = window()->document()->undoStack();
        const int count = stack->count();
        QWindow* view = window()->viewport()->renderWindow();
        const QPoint from = rb::guitest::pixelOfCell(*window(), 14, 14), to = rb::guitest::pixelOfCell(*window(), 30, 30);
        QTest::mouseMove(view, from);
        QTest::mousePress(view, Qt::LeftButton, Qt::NoModifier, from);
        QTest::mouseMove(view, to);
        QVERIFY(brush->isBusy());
        QVERIFY(bed() != before);
        QVERIFY(brush->keyPressed(Qt::Key_Escape));
        QVERIFY(!brush->isBusy());
        QVERIFY(bed() == before);
        QTest::mouseRelease(view, Qt::LeftButton, Qt::NoModifier, to);
        QCOMPARE(stack->count(), count);
        QVERIFY(bed() == before);
    }

    // On a flat map the relief says nothing (it counts as 1 m, and 1/64 m was lost in the
    // shading): one default dab must still tilt the brush's flank by at least 3° — the change at
    // the centre over the width of the falloff ring (falloff × radius).
    void defaultRaiseAndLowerAreVisibleOnAFlatMap()
    {
        rb::Map flat;
        flat.state = rb::MapState(rb::Lattice(rb::LatticeKind::Square, kSize, kSize, 2.0));
        flat.state.bed.fill(5.0f);
        QVERIFY(rb::guitest::openMap(*window(), flat));
        rb::guitest::lookStraightDown(*window());
        for (const QString id : {"raise", "lower"}) {
            auto* manager = window()->toolManager();
            auto* brush = static_cast<rb::tools::BrushTool*>(manager->tool(id));
            manager->setActiveTool(brush);
            brush->setFalloff(0.5); // the default (a new map keeps the falloff earlier tests set)
            const rb::FloatField before = bed();
            dabAt(24, 24);
            double moved = 0.0;
            for (std::size_t i = 0; i < before.values().size(); ++i)
                moved = std::max(moved, std::abs(static_cast<double>(bed().values()[i] - before.values()[i])));
            const double ring = brush->falloff() * brush->radiusCells() * 2.0;
            const double tilt = std::atan(moved / ring) * 180.0 / 3.14159265358979;
            qInfo("%s on a flat map: one default dab moved the bed by %.3f m, a %.1f° flank", qPrintable(id), moved, tilt);
            QVERIFY(tilt >= 3.0);
            undoRestores(before);
        }
    }
};

RIVERBED_GUI_TEST_MAIN(TerrainBrushesTest)
#include "TerrainBrushesTest.moc"
