// Issue 16: a change of lattice from the Simulation dock is one undoable command. Undo gives back
// bitwise both the document's map and the simulation's state as they were at the change (water
// that had moved included), redo the resampled map, and the dock follows. Once a lattice change
// cleared the undo history.
#include "GuiTestSupport.h"
#include "TestScenes.h"

#include "document/MapDocument.h"
#include "io/map/MapFile.h"
#include "panels/SimulationDock.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QUndoStack>

using rb::LatticeKind;

namespace {

// Bitwise: the same bytes in the map format, which holds every field at full precision.
bool sameBits(const rb::Map& a, const rb::Map& b)
{
    return rb::io::encodeMap(a) == rb::io::encodeMap(b);
}

} // namespace

class LatticeUndoTest : public QObject {
    Q_OBJECT

private:
    rb::guitest::Editor editor_;
    double frictionBefore_ = 0.0;
    rb::editor::MainWindow* window() { return editor_.window.get(); }
    QUndoStack* stack() { return window()->document()->undoStack(); }
    QComboBox* latticeBox() { return window()->simulationDock()->findChild<QComboBox*>("lattice"); }
    LatticeKind shownLattice() { return static_cast<LatticeKind>(latticeBox()->currentData().toInt()); }

    // As a user picks an item: QComboBox::activated, which programmatic index changes do not send.
    void chooseLattice(LatticeKind kind)
    {
        const int index = latticeBox()->findData(static_cast<int>(kind));
        QVERIFY(index >= 0);
        latticeBox()->setCurrentIndex(index);
        emit latticeBox()->activated(index);
    }

    // The runner's map once the map on screen is on `kind` (a swap loads the runner anew).
    std::optional<rb::Map> runnerMapOn(LatticeKind kind)
    {
        const bool arrived = rb::guitest::waitUntil([&] { return window()->document()->map().state.lattice.kind() == kind; });
        if (!arrived || !rb::guitest::waitForSnapshot(*window(), [](const rb::editor::SimulationSnapshot&) { return true; }))
            return std::nullopt;
        auto map = rb::guitest::readRunnerMap(*window());
        if (map) map->generatorSettings = window()->document()->map().generatorSettings; // the solver does not keep it
        return map;
    }

private slots:
    void initTestCase()
    {
        editor_ = rb::guitest::openEditor(32);
        QVERIFY(latticeBox());
        QVERIFY(rb::guitest::openMap(*window(), rb::guitest::LakeScene::make()));
    }

    void cleanupTestCase()
    {
        QVERIFY2(editor_.errors->isEmpty(), qPrintable(editor_.errors->join("\n")));
        editor_.window.reset();
    }

    void undoAndRedoRestoreTheMapBitwise()
    {
        auto* friction = window()->simulationDock()->findChild<QDoubleSpinBox*>("friction");
        QVERIFY(friction);
        frictionBefore_ = window()->document()->map().params.friction;
        friction->setValue(frictionBefore_ + 0.01); // a command before the change of lattice
        QCOMPARE(stack()->count(), 1);
        QVERIFY(rb::guitest::simulate(*window(), 40)); // the water has moved away from the document's
        const rb::Map documentBefore = window()->document()->map();
        const auto liveBefore = runnerMapOn(LatticeKind::Square);
        QVERIFY(liveBefore);
        QVERIFY(!sameBits(documentBefore, *liveBefore));
        const int commandsBefore = stack()->count();

        chooseLattice(LatticeKind::Triangle);
        const auto liveAfter = runnerMapOn(LatticeKind::Triangle);
        QVERIFY(liveAfter);
        const rb::Map documentAfter = window()->document()->map();
        QCOMPARE(stack()->count(), commandsBefore + 1);
        QCOMPARE(stack()->undoText(), QString("Resample onto the triangle lattice"));
        QVERIFY(sameBits(*liveAfter, documentAfter)); // the resampled water is where it starts from
        QCOMPARE(liveAfter->state.steps, 0);

        window()->action("undo")->trigger();
        const auto liveUndone = runnerMapOn(LatticeKind::Square);
        QVERIFY(liveUndone);
        QVERIFY(sameBits(window()->document()->map(), documentBefore));
        QVERIFY(sameBits(*liveUndone, *liveBefore));
        QCOMPARE(shownLattice(), LatticeKind::Square);
        QVERIFY(stack()->canRedo());

        window()->action("redo")->trigger();
        const auto liveRedone = runnerMapOn(LatticeKind::Triangle);
        QVERIFY(liveRedone);
        QVERIFY(sameBits(window()->document()->map(), documentAfter));
        QVERIFY(sameBits(*liveRedone, *liveAfter));
        QCOMPARE(shownLattice(), LatticeKind::Triangle);
    }

    // The history before the change is kept and still undoes on the map it was made on.
    void earlierCommandsSurviveTheChange()
    {
        QCOMPARE(stack()->count(), 2);
        window()->action("undo")->trigger();
        window()->action("undo")->trigger();
        QVERIFY(!stack()->canUndo());
        const auto live = runnerMapOn(LatticeKind::Square);
        QVERIFY(live);
        QCOMPARE(window()->document()->map().params.friction, frictionBefore_);
        QVERIFY(rb::guitest::waitUntil([&] {
            const auto map = rb::guitest::readRunnerMap(*window());
            return map && map->params.friction == frictionBefore_;
        }));
    }
};

RIVERBED_GUI_TEST_MAIN(LatticeUndoTest)
#include "LatticeUndoTest.moc"
