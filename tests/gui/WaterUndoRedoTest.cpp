// Undo and redo of a water stroke put back depths, never re-add a change: undone and redone five
// times while paused, the water and the ledger match the states right before and after the
// stroke bitwise; after the water has flowed on, undo then redo gives back the present, so the
// Statistics dock's 'Brushed' (ledger.edited) does not count the stroke twice.
#include "GuiTestSupport.h"
#include "TestScenes.h"

#include "document/MapDocument.h"
#include "panels/StatisticsDock.h"
#include "panels/UndoHistoryDock.h"
#include "tools/ToolManager.h"
#include "tools/WaterBrushTool.h"

#include <QLabel>
#include <QUndoStack>
#include <QUndoView>

#include <cmath>

using rb::guitest::LakeScene;

namespace {

// What undo and redo must give back exactly.
struct WaterState {
    rb::FloatField depth;
    double volume = 0.0;
    rb::VolumeLedger ledger;

    static WaterState of(const rb::Map& map) { return {map.state.depth, map.state.volume(), map.state.ledger}; }
    bool operator==(const WaterState& other) const
    {
        // Bitwise: == on doubles, not QCOMPARE's fuzzy comparison.
        return depth == other.depth && volume == other.volume && ledger == other.ledger;
    }
};

} // namespace

class WaterUndoRedoTest : public QObject {
    Q_OBJECT

private:
    rb::guitest::Editor editor_;
    rb::editor::MainWindow* window() { return editor_.window.get(); }
    QUndoStack* stack() { return window()->document()->undoStack(); }

    WaterState runnerWater()
    {
        const auto map = rb::guitest::readRunnerMap(*window());
        if (!map) qFatal("the runner did not hand over its map");
        return WaterState::of(*map);
    }

    // As a click in the Undo history dock does.
    void pickInHistory(int index)
    {
        auto* view = window()->findChild<QUndoView*>();
        QVERIFY(view);
        view->setCurrentIndex(view->model()->index(index, 0));
        QCOMPARE(stack()->index(), index);
    }

    QString describe(const WaterState& s) { return QString("volume %1 m³, brushed %2 m³").arg(s.volume, 0, 'f', 6).arg(s.ledger.edited, 0, 'f', 6); }

    // Undo and redo, by the history dock and by the actions, `times` times: each lands on
    // `undone` / `redone` bitwise.
    void toggle(int times, const WaterState& undone, const WaterState& redone)
    {
        const int after = stack()->index();
        for (int i = 0; i < times; ++i) {
            if (i % 2 == 0) pickInHistory(after - 1);
            else window()->action("undo")->trigger();
            const WaterState u = runnerWater();
            QVERIFY2(u == undone, qPrintable(QString("undo %1: %2, expected %3").arg(i + 1).arg(describe(u), describe(undone))));
            if (i % 2 == 0) pickInHistory(after);
            else window()->action("redo")->trigger();
            const WaterState r = runnerWater();
            QVERIFY2(r == redone, qPrintable(QString("redo %1: %2, expected %3").arg(i + 1).arg(describe(r), describe(redone))));
        }
    }

private slots:
    void initTestCase()
    {
        editor_ = rb::guitest::openEditor(64);
        QVERIFY(rb::guitest::openMap(*window(), LakeScene::make()));
        rb::guitest::lookStraightDown(*window());
        window()->runner()->pause();
    }

    void cleanupTestCase()
    {
        QVERIFY2(editor_.errors->isEmpty(), qPrintable(editor_.errors->join("\n")));
        editor_.window.reset();
    }

    // A stroke on the dry slope and into the lake's edge (soft brush, so the depths are not round
    // numbers), then undo/redo five times with the simulation paused.
    void undoAndRedoGiveBackTheStatesAroundTheStroke()
    {
        auto* manager = window()->toolManager();
        auto* brush = static_cast<rb::tools::WaterBrushTool*>(manager->tool("addWater"));
        manager->setActiveTool(brush);
        brush->setRadiusCells(4.0);
        brush->setStrength(0.37);
        brush->setFalloff(0.7);
        const WaterState before = runnerWater();
        rb::guitest::dragThrough(*window(), {rb::guitest::pixelOfCell(*window(), 50, 12), rb::guitest::pixelOfCell(*window(), 40, 14),
                                             rb::guitest::pixelOfCell(*window(), 27, 20)});
        QCOMPARE(stack()->count(), 1);
        const WaterState after = runnerWater();
        QVERIFY(after.ledger.edited > before.ledger.edited);
        qInfo("stroke: %s -> %s", qPrintable(describe(before)), qPrintable(describe(after)));
        toggle(5, before, after);
    }

    // Played on, the water runs down the slope; undo then redo must leave it as it is now, five
    // times over, with the budget intact.
    void undoThenRedoAfterTheWaterMovedGivesBackThePresent()
    {
        QVERIFY(rb::guitest::simulate(*window(), 400));
        const WaterState present = runnerWater();
        window()->action("undo")->trigger();
        const WaterState undone = runnerWater();
        window()->action("redo")->trigger();
        const WaterState redone = runnerWater();
        qInfo("after the water moved: %s; undone %s; redone %s", qPrintable(describe(present)), qPrintable(describe(undone)),
              qPrintable(describe(redone)));
        QVERIFY2(redone == present, "undo then redo changed the water");
        toggle(5, undone, present);

        const auto end = rb::guitest::readRunnerMap(*window());
        QVERIFY(end);
        const rb::VolumeLedger& ledger = end->state.ledger;
        const double initial = LakeScene::make().state.volume();
        const double balance = end->state.volume() + ledger.outflow() - ledger.inflow() - ledger.edited;
        QVERIFY2(std::abs(balance - initial) <= 1e-5 * initial, qPrintable(QString("budget off by %1 m³").arg(balance - initial)));
        auto* brushed = window()->statisticsDock()->findChild<QLabel*>("edited");
        QVERIFY(brushed);
        QTRY_COMPARE_WITH_TIMEOUT(brushed->text(), QString("%1 m³").arg(ledger.edited, 0, 'f', 1), 5000);
    }
};

RIVERBED_GUI_TEST_MAIN(WaterUndoRedoTest)
#include "WaterUndoRedoTest.moc"
