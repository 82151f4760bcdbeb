// Issue 32, part 3: undo means it while playing. An Add-water stroke painted into a walled lake
// while the simulation plays spreads over the whole lake; undone while it still plays, its water
// goes wherever it flowed (tagged water, WaterTags): 'Brushed' (ledger.edited) is back exactly to
// its figure before the stroke and the volume within 1% of a second run without the stroke. Redo
// brings the stroke's water back. The tags never show as dye in a snapshot or the map read back.
#include "GuiTestSupport.h"
#include "TestScenes.h"

#include "document/MapDocument.h"
#include "panels/StatisticsDock.h"
#include "tools/ToolManager.h"
#include "tools/WaterBrushTool.h"

#include <QLabel>
#include <QUndoStack>

#include <cmath>

using rb::guitest::LakeScene;

class UndoWhilePlayingTest : public QObject {
    Q_OBJECT

private:
    rb::guitest::Editor editor_;
    rb::editor::MainWindow* window() { return editor_.window.get(); }
    QUndoStack* stack() { return window()->document()->undoStack(); }
    rb::editor::SimulationRunner* runner() { return window()->runner(); }

    // The stroke's rectangle of cells, with a margin of the brush's radius: "beyond the painted cells" lies outside.
    static constexpr int kStrokeX0 = 10, kStrokeX1 = 20, kStrokeY = 24, kRadius = 3;
    bool inStrokeBox(int x, int y) const { return x >= kStrokeX0 - kRadius - 1 && x <= kStrokeX1 + kRadius + 1 && std::abs(y - kStrokeY) <= kRadius + 1; }

    double volumeOutsideStroke(const rb::MapState& state) const
    {
        double volume = 0.0;
        for (int y = 0; y < LakeScene::kHeight; ++y)
            for (int x = 0; x < LakeScene::kWidth; ++x)
                if (!inStrokeBox(x, y)) volume += static_cast<double>(state.depth(x, y)) * state.lattice.cellArea();
        return volume;
    }

    // Plays on until the runner has taken `steps` more steps.
    bool playFor(std::int64_t steps)
    {
        const std::int64_t target = runner()->stepsTaken() + steps;
        return rb::guitest::waitUntil([&] { return runner()->stepsTaken() >= target; }, 60000);
    }

    // The map with no dye of any kind: tags stay inside the runner.
    static bool showsNoDye(const rb::MapState& state) { return state.dye.empty() && state.dyeLedgers.empty(); }

    QString brushedText(double edited) { return QString("%1 m³").arg(edited, 0, 'f', 1); }

    // The lake, with earlier edits on its books: 'Brushed' before the stroke is not 0.
    static rb::Map lake()
    {
        rb::Map map = LakeScene::make();
        map.state.ledger.edited = 123.456;
        return map;
    }

    // The volume of a second run of the lake without the stroke, `steps` steps in.
    double volumeWithoutStroke(std::int64_t steps)
    {
        if (!rb::guitest::openMap(*window(), lake())) return -1.0;
        runner()->pause();
        const auto map = rb::guitest::simulate(*window(), static_cast<int>(steps), 120000);
        return map ? map->state.volume() : -1.0;
    }

private slots:
    void initTestCase()
    {
        editor_ = rb::guitest::openEditor(64);
        QVERIFY(rb::guitest::openMap(*window(), lake()));
        rb::guitest::lookStraightDown(*window());
    }

    void cleanupTestCase()
    {
        QVERIFY2(editor_.errors->isEmpty(), qPrintable(editor_.errors->join("\n")));
        editor_.window.reset();
    }

    void undoWhilePlayingTakesTheStrokesWaterWhereverItFlowed()
    {
        runner()->play();
        QVERIFY(playFor(200));
        const auto before = rb::guitest::readRunnerMap(*window());
        QVERIFY(before);
        QCOMPARE(before->state.ledger.edited, 123.456);
        auto* manager = window()->toolManager();
        auto* brush = static_cast<rb::tools::WaterBrushTool*>(manager->tool("addWater"));
        manager->setActiveTool(brush);
        brush->setRadiusCells(kRadius);
        brush->setStrength(0.4);
        brush->setFalloff(0.5);
        rb::guitest::dragThrough(*window(), {rb::guitest::pixelOfCell(*window(), kStrokeX0, kStrokeY),
                                             rb::guitest::pixelOfCell(*window(), (kStrokeX0 + kStrokeX1) / 2, kStrokeY),
                                             rb::guitest::pixelOfCell(*window(), kStrokeX1, kStrokeY)});
        QCOMPARE(stack()->count(), 1);
        QVERIFY(playFor(3000)); // the stroke's water runs out over the lake
        const auto spread = rb::guitest::readRunnerMap(*window());
        QVERIFY(spread);
        const double added = spread->state.ledger.edited - before->state.ledger.edited;
        const double outside = volumeOutsideStroke(spread->state) - volumeOutsideStroke(before->state);
        qInfo("stroke: %.3f m³ added (%.1f%% of the lake's %.3f m³); %.3f m³ of it flowed beyond the painted cells", added,
              100.0 * added / before->state.volume(), before->state.volume(), outside);
        QVERIFY2(added > 0.03 * before->state.volume(), "the stroke added too little water to tell undo's result apart");
        QVERIFY2(outside > 0.3 * added, "the stroke's water did not spread beyond the painted cells");
        QVERIFY(showsNoDye(spread->state));
        QVERIFY(runner()->latestSnapshot() && runner()->latestSnapshot()->diagnostics.dyeVolumes.empty());

        QVERIFY(runner()->isPlaying());
        window()->action("undo")->trigger();
        QVERIFY(playFor(500)); // still playing after the undo
        runner()->pause();
        const auto undone = rb::guitest::readRunnerMap(*window());
        QVERIFY(undone);
        QVERIFY(showsNoDye(undone->state));
        QVERIFY2(undone->state.ledger.edited == before->state.ledger.edited, // exactly, not QCOMPARE's fuzzy compare
                 qPrintable(QString("brushed %1 m³ after undo, %2 m³ before the stroke").arg(undone->state.ledger.edited, 0, 'f', 9).arg(before->state.ledger.edited, 0, 'f', 9)));
        auto* brushed = rb::guitest::namedChild<QLabel>(window()->statisticsDock(), "edited");
        QVERIFY(brushed);
        QTRY_COMPARE_WITH_TIMEOUT(brushed->text(), brushedText(before->state.ledger.edited), 5000);

        // Redo while playing: the stroke's water comes back ('Brushed' to rounding: the simulation
        // moved on between undo and redo, so the return is booked).
        runner()->play();
        QVERIFY(playFor(200));
        window()->action("redo")->trigger();
        QVERIFY(playFor(200));
        runner()->pause();
        const auto redone = rb::guitest::readRunnerMap(*window());
        QVERIFY(redone);
        QVERIFY(showsNoDye(redone->state));
        const double redoneEdited = redone->state.ledger.edited;
        QVERIFY2(std::abs(redoneEdited - spread->state.ledger.edited) <= 1e-4 * added,
                 qPrintable(QString("redo: brushed %1 m³, the stroke left %2 m³").arg(redoneEdited).arg(spread->state.ledger.edited)));
        QVERIFY2(std::abs(redone->state.volume() - undone->state.volume() - added) <= 0.01 * added,
                 qPrintable(QString("redo brought back %1 m³ of %2").arg(redone->state.volume() - undone->state.volume()).arg(added)));

        const double control = volumeWithoutStroke(undone->state.steps);
        qInfo("undone at step %lld: volume %.3f m³, brushed %.6f m³ (before the stroke %.6f m³); without the stroke %.3f m³; "
              "redone: %.3f m³, brushed %.6f m³",
              static_cast<long long>(undone->state.steps), undone->state.volume(), undone->state.ledger.edited, before->state.ledger.edited,
              control, redone->state.volume(), redoneEdited);
        QVERIFY(control > 0.0);
        QVERIFY2(std::abs(undone->state.volume() - control) <= 0.01 * control,
                 qPrintable(QString("after undo %1 m³, without the stroke %2 m³").arg(undone->state.volume()).arg(control)));
    }
};

RIVERBED_GUI_TEST_MAIN(UndoWhilePlayingTest)
#include "UndoWhilePlayingTest.moc"
