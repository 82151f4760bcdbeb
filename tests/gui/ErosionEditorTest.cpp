// Erosion in the editor (issue 14): the Simulation dock's Erosion box reaches the running
// simulation; a run with erosion on then a pause is one "Erosion, t = …" undo step; View › Colour
// terrain by erosion paints eroded ground red and deposited ground blue (measured against a
// capture with natural colours, on both lattices); the Erodibility brush paints one undoable
// stroke; terrain strokes wait while erosion runs.
#include "GuiTestSupport.h"

#include "commands/CommandIds.h"
#include "document/MapDocument.h"
#include "document/SameBits.h"
#include "panels/ErosionLegend.h"
#include "panels/SimulationDock.h"
#include "panels/StatisticsDock.h"
#include "panels/UndoHistoryDock.h"
#include "tools/BrushTool.h"
#include "tools/ToolManager.h"
#include "view/Viewport.h"

#include <QCheckBox>
#include <QDoubleSpinBox>
#include <QUndoStack>
#include <QUndoView>
#include <QWindow>

#include <algorithm>

namespace {

// A dam break at the top of a slope: 64×48 cells of 2 m, the bed falling 0.1 m a cell to a flat
// floor from x = 32 to the east wall, 1.5 m of water over the western 12 columns. The flood scours
// the slope and drops its load where it slows on the floor.
rb::Map slope(rb::LatticeKind kind)
{
    rb::Map map;
    map.state = rb::MapState(rb::Lattice(kind, 64, 48, 2.0));
    for (int y = 0; y < 48; ++y)
        for (int x = 0; x < 64; ++x) {
            map.state.bed(x, y) = 8.0f - 0.1f * static_cast<float>(std::min(x, 32));
            map.state.depth(x, y) = x < 12 ? 1.5f : 0.0f;
        }
    map.params.dt = 0.02;
    return map;
}

// The red minus blue of the pixels around `centre` (5×5), on average.
double redOverBlue(const QImage& image, QPoint centre)
{
    double sum = 0.0;
    int count = 0;
    for (int dy = -2; dy <= 2; ++dy)
        for (int dx = -2; dx <= 2; ++dx) {
            const QPoint p = centre + QPoint(dx, dy);
            if (!image.rect().contains(p)) continue;
            const QColor c = image.pixelColor(p);
            sum += c.red() - c.blue();
            ++count;
        }
    return count ? sum / count : 0.0;
}

} // namespace

class ErosionEditorTest : public QObject {
    Q_OBJECT

private:
    rb::guitest::Editor editor_;
    rb::editor::MainWindow* window() { return editor_.window.get(); }
    QUndoStack* stack() { return window()->document()->undoStack(); }

    template <typename Widget>
    Widget* child(const QString& name)
    {
        auto* widget = window()->simulationDock()->findChild<Widget*>(name);
        if (!widget) qFatal("no %s in the Simulation dock", qPrintable(name));
        return widget;
    }

    rb::Map runnerMap()
    {
        const auto map = rb::guitest::readRunnerMap(*window());
        if (!map) qFatal("the runner did not hand over its map");
        return *map;
    }

    QImage settledCapture()
    {
        runnerMap();
        QTest::qWait(300);
        return rb::guitest::captureView(*window()->viewport(), 3);
    }

    // Opens the slope, turns erosion on through the dock, plays and pauses: one erosion command.
    void erodeSlope(rb::LatticeKind kind)
    {
        QVERIFY(rb::guitest::openMap(*window(), slope(kind)));
        rb::guitest::lookStraightDown(*window());
        child<QCheckBox>("erosionEnabled")->setChecked(true);
        child<QDoubleSpinBox>("erosionRate")->setValue(2.0);
        child<QDoubleSpinBox>("depositionRate")->setValue(5.0);
        QVERIFY(rb::guitest::waitForSnapshot(*window(), [](const rb::editor::SimulationSnapshot& s) { return s.params.erosion.enabled; }));
        const int before = stack()->count();
        window()->runner()->play();
        QVERIFY(rb::guitest::waitForSnapshot(*window(), [](const rb::editor::SimulationSnapshot& s) { return s.diagnostics.steps >= 1500; }, 90000));
        window()->runner()->pause();
        QTRY_VERIFY_WITH_TIMEOUT(stack()->count() == before + 1, 10000);
        QVERIFY(stack()->text(stack()->count() - 1).startsWith("Erosion, t = 0…"));
    }

private slots:
    void initTestCase()
    {
        editor_ = rb::guitest::openEditor(64);
        window()->runner()->pause();
    }

    void cleanupTestCase()
    {
        QVERIFY2(editor_.errors->isEmpty(), qPrintable(editor_.errors->join("\n")));
        editor_.window.reset();
    }

    void dockControlsReachTheSimulation()
    {
        QVERIFY(rb::guitest::openMap(*window(), slope(rb::LatticeKind::Square)));
        const int before = stack()->count();
        child<QCheckBox>("erosionEnabled")->setChecked(true);
        child<QDoubleSpinBox>("erosionCapacity")->setValue(0.25);
        child<QDoubleSpinBox>("depositionRate")->setValue(0.75);
        child<QDoubleSpinBox>("talusAngle")->setValue(30.0);
        child<QDoubleSpinBox>("thermalRate")->setValue(0.5);
        child<QDoubleSpinBox>("erosionMinDepth")->setValue(0.02);
        child<QDoubleSpinBox>("erosionInterval")->setValue(8);
        const auto snapshot = rb::guitest::waitForSnapshot(*window(), [](const rb::editor::SimulationSnapshot& s) {
            return s.params.erosion.enabled && s.params.erosion.minDepth == 0.02 && s.params.erosion.interval == 8;
        });
        QVERIFY(snapshot);
        const rb::ErosionParams& e = snapshot->params.erosion;
        QCOMPARE(e.capacity, 0.25);
        QCOMPARE(e.depositionRate, 0.75);
        QCOMPARE(e.talusDegrees, 30.0);
        QCOMPARE(e.thermalRate, 0.5);
        QCOMPARE(stack()->count(), before + 7); // each an undo step like any parameter
        QCOMPARE(stack()->text(before + 1), QString("Change erosion capacity"));
        QCOMPARE(stack()->text(before + 6), QString("Change erosion bed interval"));
        for (const char* name : {"erosionCapacity", "erosionRate", "depositionRate", "talusAngle", "thermalRate", "erosionMinDepth", "erosionInterval"})
            QVERIFY2(!child<QDoubleSpinBox>(name)->toolTip().isEmpty(), name);
        QVERIFY(child<QDoubleSpinBox>("erosionCapacity")->toolTip().contains("s/m"));

        stack()->undo(); // bed interval back
        QVERIFY(rb::guitest::waitForSnapshot(*window(), [](const rb::editor::SimulationSnapshot& s) {
            return s.params.erosion.interval == rb::ErosionParams::kDefaultInterval;
        }));
        stack()->undo(); // min depth back
        stack()->undo(); // slide rate back
        QVERIFY(rb::guitest::waitForSnapshot(*window(), [](const rb::editor::SimulationSnapshot& s) {
            return s.params.erosion.thermalRate == rb::ErosionParams{}.thermalRate && s.params.erosion.minDepth == rb::ErosionParams{}.minDepth;
        }));
        QCOMPARE(child<QDoubleSpinBox>("thermalRate")->value(), rb::ErosionParams{}.thermalRate);
    }

    void colourByErosionShowsErodedRedAndDepositedBlue_data()
    {
        QTest::addColumn<int>("lattice");
        QTest::newRow("square") << static_cast<int>(rb::LatticeKind::Square);
        QTest::newRow("triangle") << static_cast<int>(rb::LatticeKind::Triangle);
    }

    void colourByErosionShowsErodedRedAndDepositedBlue()
    {
        QFETCH(int, lattice);
        erodeSlope(static_cast<rb::LatticeKind>(lattice));
        const rb::Map eroded = runnerMap();
        QVERIFY(!eroded.state.deposition.empty());
        // The document holds what the simulation eroded (Save writes the simulation's own state).
        QVERIFY(rb::editor::sameBits(window()->document()->map().state.bed.values(), eroded.state.bed.values()));
        // The most eroded and the most deposited cell away from the walls (rows 8 … 39) and well
        // inside the picture (the view is narrower than the map when the docks are wide).
        const int width = eroded.state.lattice.width();
        const QRect inside = QRect(QPoint(0, 0), window()->viewport()->renderWindow()->size()).adjusted(12, 12, -12, -12);
        QPoint erodedCell, depositedCell;
        float lo = 0.0f, hi = 0.0f;
        for (int y = 8; y < 40; ++y)
            for (int x = 2; x < width - 2; ++x) {
                if (!inside.contains(rb::guitest::pixelOfCell(*window(), x, y))) continue;
                const float d = eroded.state.deposition(x, y);
                if (d < lo) lo = d, erodedCell = QPoint(x, y);
                if (d > hi) hi = d, depositedCell = QPoint(x, y);
            }
        QVERIFY2(lo < 0.0f && hi > 0.0f, qPrintable(QString("deposition %1 … %2 m").arg(lo).arg(hi)));
        const auto pixelOf = [this](QPoint cell) { return rb::guitest::pixelOfCell(*window(), cell.x(), cell.y()); };

        const QImage natural = settledCapture();
        QVERIFY(!natural.isNull());
        const QPoint erodedNatural = pixelOf(erodedCell), depositedNatural = pixelOf(depositedCell);
        window()->action("colourByErosion")->trigger(); // the legend shows: the view may change size
        const QImage coloured = settledCapture();
        QVERIFY(!coloured.isNull());
        const QPoint erodedPixel = pixelOf(erodedCell), depositedPixel = pixelOf(depositedCell);
        if (qEnvironmentVariableIsSet("RIVERBED_SAVE_CAPTURES")) {
            natural.save(QString("/tmp/natural-%1.png").arg(lattice));
            coloured.save(QString("/tmp/coloured-%1.png").arg(lattice));
        }
        const double erodedShift = redOverBlue(coloured, erodedPixel) - redOverBlue(natural, erodedNatural);
        const double depositedShift = redOverBlue(coloured, depositedPixel) - redOverBlue(natural, depositedNatural);
        qInfo("deposition %.4f … %.4f m; eroded cell (%d, %d) red−blue %+.1f, deposited cell (%d, %d) %+.1f (scale %.4f m)",
              static_cast<double>(lo), static_cast<double>(hi), erodedCell.x(), erodedCell.y(), erodedShift, depositedCell.x(),
              depositedCell.y(), depositedShift, static_cast<double>(window()->viewport()->depositionScale()));
        QVERIFY2(erodedShift > 10.0, "the eroded cell did not turn redder");
        QVERIFY2(depositedShift < -10.0, "the deposited cell did not turn bluer");
        QVERIFY2(redOverBlue(coloured, erodedPixel) > redOverBlue(coloured, depositedPixel) + 20.0, "eroded and deposited look alike");
        auto* legend = window()->statisticsDock()->erosionLegend();
        QVERIFY(legend->isVisible());
        QVERIFY2(legend->highText().contains("deposited"), qPrintable(legend->highText()));
        window()->action("colourByErosion")->trigger();
        QVERIFY(!legend->isVisible());
    }

    void erodibilityBrushPaintsOneUndoableStroke()
    {
        QVERIFY(rb::guitest::openMap(*window(), slope(rb::LatticeKind::Square)));
        rb::guitest::lookStraightDown(*window());
        auto* manager = window()->toolManager();
        auto* brush = static_cast<rb::tools::BrushTool*>(manager->tool("erodibility"));
        QVERIFY(brush);
        QCOMPARE(brush->shortcut(), QKeySequence(Qt::Key_G));
        QVERIFY(!brush->description().isEmpty());
        manager->setActiveTool(brush);
        brush->setRadiusCells(4.0);
        brush->setStrength(0.0);
        brush->setFalloff(0.2);
        const int before = stack()->count();
        rb::guitest::dragThrough(*window(), {rb::guitest::pixelOfCell(*window(), 20, 20), rb::guitest::pixelOfCell(*window(), 30, 24)});
        QCOMPARE(stack()->count(), before + 1);
        QCOMPARE(stack()->command(before)->id(), static_cast<int>(rb::commands::PaintErodibilityId));
        const rb::FloatField painted = window()->document()->map().state.erodibility;
        QVERIFY(!painted.empty());
        QVERIFY2(painted(25, 22) < 0.05f, qPrintable(QString("erodibility at the stroke's middle %1").arg(painted(25, 22))));
        QCOMPARE(painted(5, 5), 1.0f);
        QVERIFY(rb::editor::sameBits(runnerMap().state.erodibility.values(), painted.values()));

        window()->action("undo")->trigger();
        const std::vector<float> ones(painted.values().size(), 1.0f);
        QVERIFY(rb::editor::sameBits(window()->document()->map().state.erodibility.values(), ones));
        QVERIFY(rb::editor::sameBits(runnerMap().state.erodibility.values(), ones));
        window()->action("redo")->trigger();
        QVERIFY(rb::editor::sameBits(window()->document()->map().state.erodibility.values(), painted.values()));
        QVERIFY(rb::editor::sameBits(runnerMap().state.erodibility.values(), painted.values()));
        manager->setActiveTool(manager->tool("navigate"));
    }

    void terrainStrokesWaitWhileErosionRuns()
    {
        QVERIFY(rb::guitest::openMap(*window(), slope(rb::LatticeKind::Square)));
        rb::guitest::lookStraightDown(*window());
        child<QCheckBox>("erosionEnabled")->setChecked(true);
        window()->runner()->play();
        QTRY_VERIFY(window()->document()->isErosionRunning());
        auto* manager = window()->toolManager();
        manager->setActiveTool(manager->tool("raise"));
        const int before = stack()->count();
        rb::guitest::dragThrough(*window(), {rb::guitest::pixelOfCell(*window(), 40, 20), rb::guitest::pixelOfCell(*window(), 44, 24)});
        QCOMPARE(stack()->count(), before); // no terrain command: the stroke was refused
        const int index = stack()->index();
        window()->action("undo")->trigger(); // waits for the pause too
        QCOMPARE(stack()->index(), index);
        auto* history = window()->findChild<rb::panels::UndoHistoryDock*>();
        QVERIFY(history);
        QTRY_VERIFY(!history->view()->isEnabled()); // and so does the history list
        window()->runner()->pause();
        QTRY_VERIFY(!window()->document()->isErosionRunning());
        QTRY_VERIFY(history->view()->isEnabled());
        manager->setActiveTool(manager->tool("navigate"));
    }
};

RIVERBED_GUI_TEST_MAIN(ErosionEditorTest)
#include "ErosionEditorTest.moc"
