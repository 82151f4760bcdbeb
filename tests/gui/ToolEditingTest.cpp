// Editing the live simulation with the mouse: a channel dug across a lake's rim lowers the terrain
// along the path (and nowhere else), reaches the solver, and lets the lake drain with the water
// budget intact; undo and redo restore the terrain bitwise in the document and the solver; the
// water brush books what it adds in the ledger; springs are placed, moved, deleted and taken back;
// the same edits reach the OpenCL device.
#include "GuiTestSupport.h"
#include "TestScenes.h"

#include "document/MapDocument.h"
#include "io/map/MapFile.h"
#include "panels/StatisticsDock.h"
#include "tools/BrushTool.h"
#include "tools/DigChannelTool.h"
#include "tools/RaiseLowerTerrainTool.h"
#include "tools/SourceTool.h"
#include "tools/ToolManager.h"
#include "tools/WaterBrushTool.h"
#include "view/Viewport.h"

#include <QApplication>
#include <QDoubleSpinBox>
#include <QLabel>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QUndoStack>

#include <cmath>

using rb::guitest::LakeScene;

class ToolEditingTest : public QObject {
    Q_OBJECT

private:
    rb::guitest::Editor editor_;
    rb::editor::MainWindow* window() { return editor_.window.get(); }
    const rb::FloatField& documentBed() { return window()->document()->map().state.bed; }

    rb::FloatField bedBeforeDig_;
    rb::FloatField bedAfterDig_;
    static constexpr int kPathRow = 24, kPathFrom = 20, kPathTo = 56;
    static constexpr double kDepth = 4.0;

private slots:
    void initTestCase()
    {
        editor_ = rb::guitest::openEditor(64);
        QVERIFY(rb::guitest::openMap(*window(), LakeScene::make()));
        rb::guitest::lookStraightDown(*window());
    }

    void cleanupTestCase()
    {
        QVERIFY2(editor_.errors->isEmpty(), qPrintable(editor_.errors->join("\n")));
        editor_.window.reset();
    }

    void digsAChannelAlongTheDraggedPath()
    {
        auto* manager = window()->toolManager();
        manager->setActiveTool(manager->tool("digChannel"));
        QWidget* options = manager->activeTool()->optionsWidget();
        options->findChild<QDoubleSpinBox*>("width")->setValue(3.0);
        options->findChild<QDoubleSpinBox*>("depth")->setValue(kDepth);
        bedBeforeDig_ = documentBed();
        const int commandsBefore = window()->document()->undoStack()->count();

        rb::guitest::dragThrough(*window(), {rb::guitest::pixelOfCell(*window(), kPathFrom, kPathRow),
                                             rb::guitest::pixelOfCell(*window(), 38, kPathRow),
                                             rb::guitest::pixelOfCell(*window(), kPathTo, kPathRow)});
        QCOMPARE(window()->document()->undoStack()->count(), commandsBefore + 1); // the whole drag: one command
        QCOMPARE(window()->document()->undoStack()->text(commandsBefore), QString("Dig channel"));
        bedAfterDig_ = documentBed();

        // Under the path: the trench's flat bottom, the full depth below the old terrain.
        int lowered = 0;
        for (int x = kPathFrom + 1; x < kPathTo; ++x) {
            const float expected = bedBeforeDig_(x, kPathRow) - static_cast<float>(kDepth);
            QVERIFY2(std::abs(bedAfterDig_(x, kPathRow) - expected) < 1e-4f,
                     qPrintable(QString("cell (%1, %2): bed %3, expected %4").arg(x).arg(kPathRow).arg(bedAfterDig_(x, kPathRow)).arg(expected)));
        }
        // Away from it (more than half the 6 m width): untouched, bitwise.
        for (int y = 0; y < LakeScene::kHeight; ++y)
            for (int x = 0; x < LakeScene::kWidth; ++x) {
                const bool changed = bedAfterDig_(x, y) != bedBeforeDig_(x, y);
                lowered += changed ? 1 : 0;
                QVERIFY(bedAfterDig_(x, y) <= bedBeforeDig_(x, y)); // digging never raises
                if (std::abs(y - kPathRow) >= 2 || x < kPathFrom - 2 || x > kPathTo + 2)
                    QVERIFY2(!changed, qPrintable(QString("cell (%1, %2) away from the path changed").arg(x).arg(y)));
            }
        qInfo("dig: %d cells lowered, path cells %d..%d on row %d lowered by %.1f m", lowered, kPathFrom + 1, kPathTo - 1, kPathRow, kDepth);

        // The solver got the same terrain, and the water kept its depth where the bed moved.
        const auto running = rb::guitest::readRunnerMap(*window());
        QVERIFY(running);
        QVERIFY(running->state.bed == bedAfterDig_);
        QCOMPARE(running->state.depth(LakeScene::kLakeX + 8, kPathRow), LakeScene::kLakeSurface - LakeScene::kLakeBed);
    }

    void undoWaitsForTheStrokeToEnd()
    {
        QUndoStack* stack = window()->document()->undoStack();
        const int commands = stack->count(), index = stack->index();
        auto* manager = window()->toolManager();
        manager->setActiveTool(manager->tool("raise"));
        QWindow* view = window()->viewport()->renderWindow();
        const QPoint at = rb::guitest::pixelOfCell(*window(), 40, 12);
        QTest::mouseMove(view, at);
        QTest::mousePress(view, Qt::LeftButton, Qt::NoModifier, at);
        window()->action("undo")->trigger(); // refused: the stroke is still being drawn
        QCOMPARE(stack->index(), index);
        QTest::mouseRelease(view, Qt::LeftButton, Qt::NoModifier, at);
        QCOMPARE(stack->count(), commands + 1);
        window()->action("undo")->trigger(); // now it takes the stroke back
        QCOMPARE(stack->index(), index);
        QVERIFY(documentBed() == bedAfterDig_);
        manager->setActiveTool(manager->tool("navigate"));
    }

    void undoAndRedoRestoreTheTerrainBitwise()
    {
        QUndoStack* stack = window()->document()->undoStack();
        stack->undo();
        QVERIFY(documentBed() == bedBeforeDig_);
        auto running = rb::guitest::readRunnerMap(*window());
        QVERIFY(running);
        QVERIFY(running->state.bed == bedBeforeDig_);
        stack->redo();
        QVERIFY(documentBed() == bedAfterDig_);
        running = rb::guitest::readRunnerMap(*window());
        QVERIFY(running);
        QVERIFY(running->state.bed == bedAfterDig_);
    }

    void saveKeepsTheEditedTerrain()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath("dug.rbmap");
        QSignalSpy saved(window(), &rb::editor::MainWindow::saveFinished);
        window()->saveAs(path);
        QVERIFY(saved.wait(20000));
        QCOMPARE(saved.first().first().toBool(), true);
        QString error;
        const auto onDisk = rb::io::readMapFile(path, &error);
        QVERIFY2(onDisk, qPrintable(error));
        QVERIFY(onDisk->state.bed == bedAfterDig_);
    }

    void theLakeDrainsThroughTheChannelWithTheBudgetKept()
    {
        const auto start = rb::guitest::readRunnerMap(*window());
        QVERIFY(start);
        const double lakeBefore = LakeScene::lakeVolume(start->state);
        const double initialVolume = LakeScene::make().state.volume(); // the budget runs from the map as loaded
        const auto end = rb::guitest::simulate(*window(), 3000);
        QVERIFY(end);
        const double lakeAfter = LakeScene::lakeVolume(end->state);
        const rb::VolumeLedger& ledger = end->state.ledger;
        const double balance = end->state.volume() + ledger.outflow() - ledger.inflow() - ledger.edited;
        qInfo("lake %.1f -> %.1f m3 in %.0f s; outflow %.1f m3; volume %.3f, initial %.3f, relative budget error %.2e", lakeBefore,
              lakeAfter, end->state.time - start->state.time, ledger.outflow(), end->state.volume(), initialVolume,
              std::abs(balance - initialVolume) / initialVolume);
        QVERIFY(lakeAfter < 0.95 * lakeBefore);
        QVERIFY(ledger.outflow() > 0.0); // some reached the east edge
        QVERIFY(std::abs(balance - initialVolume) <= 1e-4 * initialVolume);
    }

    void resetWaterKeepsTheEditedTerrain()
    {
        window()->action("resetWater")->trigger();
        const auto reset = rb::guitest::readRunnerMap(*window());
        QVERIFY(reset);
        QCOMPARE(reset->state.steps, std::int64_t(0));
        QVERIFY(reset->state.bed == bedAfterDig_);
        QVERIFY(reset->state.depth == LakeScene::make().state.depth); // the water as loaded, on the dug bed
    }

    // While the simulation plays: the stroke reaches the solver between steps, nothing pauses, and
    // a brush half off the map changes only the cells on it.
    void raisesTheCornerWhilePlaying()
    {
        auto* manager = window()->toolManager();
        auto* brush = static_cast<rb::tools::RaiseLowerTerrainTool*>(manager->tool("raise"));
        manager->setActiveTool(brush);
        brush->setRadiusCells(5.0);
        brush->setStrength(1.0);
        brush->setFalloff(0.0);
        const rb::FloatField before = documentBed();
        window()->runner()->play();
        const QPoint corner = rb::guitest::pixelOfCell(*window(), 0, 0);
        rb::guitest::dragThrough(*window(), {corner, corner});
        QVERIFY(window()->runner()->isPlaying());
        const rb::FloatField after = documentBed();
        QVERIFY(after(0, 0) >= before(0, 0) + 1.0f);
        for (int y = 0; y < LakeScene::kHeight; ++y)
            for (int x = 0; x < LakeScene::kWidth; ++x)
                if (x > 6 || y > 6) QCOMPARE(after(x, y), before(x, y));
        const auto playing = rb::guitest::waitForSnapshot(*window(), [&](const rb::editor::SimulationSnapshot& s) {
            return s.state->bed == after && s.playing;
        });
        QVERIFY2(playing, "the solver never showed the raised corner while playing");
        window()->runner()->pause();
        window()->document()->undoStack()->undo();
        QVERIFY(documentBed() == before);
    }

    // The same edits on the OpenCL device (PoCL in CI): the stroke and its undo reach the device's
    // buffers (rectangle transfers) bitwise; a water stroke is booked there too.
    void editsReachTheOpenClDevice()
    {
        QSignalSpy ready(window()->runner(), &rb::editor::SimulationRunner::solverReady);
        window()->runner()->setBackend("opencl:0");
        QVERIFY(ready.wait(60000));
        const QString name = ready.last().first().toString();
        QVERIFY2(name.startsWith("opencl:"), qPrintable("no OpenCL device took the map: " + ready.last().at(1).toString()));
        auto* manager = window()->toolManager();
        auto* brush = static_cast<rb::tools::RaiseLowerTerrainTool*>(manager->tool("raise"));
        manager->setActiveTool(brush);
        brush->setRadiusCells(4.0);
        brush->setStrength(0.75);
        const rb::FloatField before = documentBed();
        const QPoint at = rb::guitest::pixelOfCell(*window(), LakeScene::kLakeX + 4, LakeScene::kLakeY + 4); // under the lake
        rb::guitest::dragThrough(*window(), {at, rb::guitest::pixelOfCell(*window(), LakeScene::kLakeX + 8, LakeScene::kLakeY + 4)});
        const rb::FloatField raised = documentBed();
        QVERIFY(raised != before);
        auto onDevice = rb::guitest::readRunnerMap(*window());
        QVERIFY(onDevice);
        QVERIFY(onDevice->state.bed == raised);
        QCOMPARE(onDevice->state.ledger.edited, 0.0); // a terrain edit moves no water
        window()->document()->undoStack()->undo();
        onDevice = rb::guitest::readRunnerMap(*window());
        QVERIFY(onDevice);
        QVERIFY(onDevice->state.bed == before);
        QVERIFY(documentBed() == before);
        qInfo("OpenCL (%s): raise stroke and its undo bitwise on the device", qPrintable(name));
    }

    void waterBrushAddsWhatTheLedgerBooks()
    {
        auto* manager = window()->toolManager();
        auto* brush = static_cast<rb::tools::WaterBrushTool*>(manager->tool("addWater"));
        manager->setActiveTool(brush);
        brush->setRadiusCells(3.0);
        brush->setStrength(0.5);
        const auto before = rb::guitest::readRunnerMap(*window());
        QVERIFY(before);
        const QPoint at = rb::guitest::pixelOfCell(*window(), 46, 10); // dry slope
        rb::guitest::dragThrough(*window(), {at, at});
        const auto after = rb::guitest::readRunnerMap(*window());
        QVERIFY(after);
        const double added = after->state.ledger.edited - before->state.ledger.edited;
        const double grown = after->state.volume() - before->state.volume();
        qInfo("water brush: %.4f m3 booked, volume grew %.4f m3", added, grown);
        QVERIFY(added > 0.5 * 4.0); // at least the centre cell's 0.5 m over 4 m²
        QVERIFY(std::abs(grown - added) <= 1e-5 * added + 1e-4);
        // The Statistics dock shows what the brushes booked, so its figures still add up.
        auto* brushed = window()->statisticsDock()->findChild<QLabel*>("edited");
        QVERIFY(brushed);
        const QString expected = QString("%1 m³").arg(after->state.ledger.edited, 0, 'f', 1);
        QTRY_COMPARE_WITH_TIMEOUT(brushed->text(), expected, 5000);
        window()->document()->undoStack()->undo(); // takes the same water back
        const auto undone = rb::guitest::readRunnerMap(*window());
        QVERIFY(undone);
        QVERIFY(std::abs(undone->state.ledger.edited - before->state.ledger.edited) <= 1e-5 * added);
    }

    // Removing far more than is there empties the cells and books exactly what was there.
    void removeWaterStopsAtDry()
    {
        auto* manager = window()->toolManager();
        auto* brush = static_cast<rb::tools::BrushTool*>(manager->tool("removeWater"));
        manager->setActiveTool(brush);
        brush->setRadiusCells(3.0);
        brush->setStrength(100.0);
        brush->setFalloff(0.0);
        const auto before = rb::guitest::readRunnerMap(*window());
        QVERIFY(before);
        const QPoint at = rb::guitest::pixelOfCell(*window(), LakeScene::kLakeX - 6, LakeScene::kLakeY);
        rb::guitest::dragThrough(*window(), {at, at});
        const auto after = rb::guitest::readRunnerMap(*window());
        QVERIFY(after);
        QCOMPARE(after->state.depth(LakeScene::kLakeX - 6, LakeScene::kLakeY), 0.0f);
        for (float d : after->state.depth.values()) QVERIFY(d >= 0.0f);
        const double removed = before->state.ledger.edited - after->state.ledger.edited;
        const double shrunk = before->state.volume() - after->state.volume();
        qInfo("remove water: %.3f m3 booked, volume shrank %.3f m3", removed, shrunk);
        QVERIFY(removed > 0.0);
        QVERIFY(std::abs(removed - shrunk) <= 1e-5 * removed);
        window()->document()->undoStack()->undo();
    }

    // A new map arriving in the middle of a stroke (a file opened from the recent list, say): the
    // stroke is dropped, the new map is not touched and no command is left behind.
    void aStrokeCutShortByANewMapLeavesTheNewMapAlone()
    {
        auto* manager = window()->toolManager();
        manager->setActiveTool(manager->tool("raise"));
        QWindow* view = window()->viewport()->renderWindow();
        const QPoint at = rb::guitest::pixelOfCell(*window(), 10, 10);
        QTest::mouseMove(view, at);
        QTest::mousePress(view, Qt::LeftButton, Qt::NoModifier, at);
        const rb::Map smaller = rb::guitest::flatWalledBasin();
        QVERIFY(rb::guitest::openMap(*window(), smaller));
        QTest::mouseMove(view, at + QPoint(30, 0));
        QTest::mouseRelease(view, Qt::LeftButton, Qt::NoModifier, at + QPoint(30, 0));
        QCOMPARE(window()->document()->undoStack()->count(), 0);
        QVERIFY(window()->document()->map().state.bed == smaller.state.bed);
        QVERIFY(editor_.errors->isEmpty());
        QVERIFY(rb::guitest::openMap(*window(), LakeScene::make())); // back for the tests after this one
        rb::guitest::lookStraightDown(*window());
    }

    void springsArePlacedAndTakenBack()
    {
        auto* manager = window()->toolManager();
        auto* tool = static_cast<rb::tools::SourceTool*>(manager->tool("sources"));
        manager->setActiveTool(tool);
        tool->setRate(2.5);
        const QPoint at = rb::guitest::pixelOfCell(*window(), 40, 40);
        QTest::mouseClick(window()->viewport()->renderWindow(), Qt::LeftButton, Qt::NoModifier, at);
        QCOMPARE(window()->document()->map().sources.size(), std::size_t(1));
        const rb::PointSource spring = window()->document()->map().sources.front();
        QCOMPARE(spring.kind, rb::PointSource::Kind::Spring);
        QCOMPARE(spring.rate, 2.5);
        const auto cell = window()->document()->map().state.lattice.nearestCell({spring.x, spring.y});
        QVERIFY(cell && std::abs(cell->x - 40) <= 1 && std::abs(cell->y - 40) <= 1);
        auto running = rb::guitest::readRunnerMap(*window());
        QVERIFY(running && running->sources == window()->document()->map().sources);

        // Dragged from where it stands: moved, as one command.
        QUndoStack* stack = window()->document()->undoStack();
        const int commands = stack->count();
        rb::guitest::dragThrough(*window(), {at, rb::guitest::pixelOfCell(*window(), 30, 40)});
        QCOMPARE(stack->count(), commands + 1);
        QCOMPARE(window()->document()->map().sources.size(), std::size_t(1));
        const rb::PointSource moved = window()->document()->map().sources.front();
        const auto movedCell = window()->document()->map().state.lattice.nearestCell({moved.x, moved.y});
        QVERIFY(movedCell && std::abs(movedCell->x - 30) <= 1 && std::abs(movedCell->y - 40) <= 1);
        QCOMPARE(moved.rate, 2.5);
        running = rb::guitest::readRunnerMap(*window());
        QVERIFY(running && running->sources == window()->document()->map().sources);

        // Esc during a drag puts it back where the drag began, with no command; it stays selected.
        QWindow* view = window()->viewport()->renderWindow();
        const QPoint from = rb::guitest::pixelOfCell(*window(), 30, 40), to = rb::guitest::pixelOfCell(*window(), 20, 40);
        QTest::mouseMove(view, from);
        QTest::mousePress(view, Qt::LeftButton, Qt::NoModifier, from);
        QTest::mouseMove(view, to);
        QVERIFY(tool->isBusy());
        QVERIFY(!(window()->document()->map().sources.front() == moved));
        QVERIFY(tool->keyPressed(Qt::Key_Escape));
        QTest::mouseRelease(view, Qt::LeftButton, Qt::NoModifier, to);
        QVERIFY(window()->document()->map().sources.front() == moved);
        QCOMPARE(stack->count(), commands + 1);
        QCOMPARE(tool->selected(), 0);

        // Delete removes the selected one; undo brings it back where it was moved to.
        window()->viewport()->renderWindow()->requestActivate();
        QTest::keyClick(window()->viewport()->renderWindow(), Qt::Key_Delete);
        QVERIFY(window()->document()->map().sources.empty());
        stack->undo();
        QVERIFY(window()->document()->map().sources.size() == 1 && window()->document()->map().sources.front() == moved);
        stack->undo(); // the move
        QVERIFY(window()->document()->map().sources.front() == spring);
        stack->undo(); // the placement
        QVERIFY(window()->document()->map().sources.empty());
        running = rb::guitest::readRunnerMap(*window());
        QVERIFY(running && running->sources.empty());
    }
};

RIVERBED_GUI_TEST_MAIN(ToolEditingTest)
#include "ToolEditingTest.moc"
