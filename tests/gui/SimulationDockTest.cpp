// The Simulation dock tells the truth and edits like the rest of the editor: its CFL readout and
// tooltip give the number the solver checks its steps against, on either flow model (the momentum
// model's counts how fast the water moves), so the readout turns red exactly when the solver will
// refuse and the pause message stays until an edit really fixes it; Undo and Redo keys work while
// a number box of the Simulation or Boundary dock has the focus after a typed value; and the
// history names each field readably ("Change Manning's n").
#include "GuiTestSupport.h"
#include "TestScenes.h"

#include "document/MapDocument.h"
#include "panels/BoundaryDock.h"
#include "model/SimParamTable.h"
#include "panels/SimulationDock.h"
#include "solver/Stability.h"

#include <QApplication>
#include <QDoubleSpinBox>
#include <QLabel>
#include <QLineEdit>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTableWidget>
#include <QUndoStack>

#include <cmath>

using rb::FlowModel;
using rb::editor::SimulationSnapshot;

Q_DECLARE_METATYPE(rb::FlowModel)

namespace {

constexpr float kSheetSpeed = 20.0f; // m/s, far faster than the 1 m sheet's waves (3.1 m/s)

// A walled basin under 1 m of water at a fixed dt; with the momentum model the water rushes east
// at kSheetSpeed, so its CFL number is mostly the flow's speed, not the depth's wave speed.
rb::Map sheet(FlowModel model)
{
    rb::Map map = rb::guitest::flatWalledBasin();
    map.params.model = model;
    map.params.dt = 0.02;
    const rb::Lattice& lattice = map.state.lattice;
    for (int y = 0; y < lattice.height(); ++y)
        for (int x = 0; x < lattice.width(); ++x) map.state.depth(x, y) = 1.0f;
    if (model == FlowModel::Momentum) {
        for (int f = 0; f < lattice.familyCount(); ++f)
            map.state.velocities.emplace_back(lattice.paddedWidth(), lattice.paddedHeight(), f == 0 ? kSheetSpeed : 0.0f);
    }
    return map;
}

} // namespace

class SimulationDockTest : public QObject {
    Q_OBJECT

private:
    rb::guitest::Editor editor_;
    rb::editor::MainWindow* window() { return editor_.window.get(); }
    rb::panels::SimulationDock* dock() { return window()->simulationDock(); }
    QUndoStack* stack() { return window()->document()->undoStack(); }
    QDoubleSpinBox* number(const char* name) { return dock()->findChild<QDoubleSpinBox*>(name); }
    QLabel* cflLabel() { return dock()->findChild<QLabel*>("cfl"); }
    QLabel* message() { return dock()->findChild<QLabel*>("message"); }

    // Types `text` into `box` as a user does, with the focus in it, and presses Enter.
    void typeInto(QAbstractSpinBox* box, const QString& text)
    {
        box->setFocus();
        QTRY_VERIFY(box->hasFocus());
        box->selectAll();
        QTest::keyClicks(QApplication::focusWidget(), text);
        QTest::keyClick(QApplication::focusWidget(), Qt::Key_Return);
    }

    // The keys pressed in the window, as the window system delivers them (to the focused box).
    void pressInWindow(const QKeySequence& keys)
    {
        const QKeyCombination key = keys[0];
        QTest::keyClick(window()->windowHandle(), key.key(), key.keyboardModifiers());
    }

    // Enter commits a typed value as one command; Ctrl+Z, pressed while the box still has the
    // focus, gives back the value before it and the history's place; the Redo key does it again.
    void checkUndoKeys(QAbstractSpinBox* box, const QString& typed, const std::function<double()>& inDocument,
                       const std::function<double()>& shown)
    {
        const int index = stack()->index();
        const double before = inDocument();
        typeInto(box, typed);
        QCOMPARE(stack()->index(), index + 1);
        const double after = inDocument();
        QVERIFY(after != before);
        pressInWindow(QKeySequence(QKeySequence::Undo));
        QCOMPARE(stack()->index(), index);
        QCOMPARE(inDocument(), before);
        QCOMPARE(shown(), before);
        QVERIFY(box->hasFocus()); // still typing in the box: only the keys went to the window
        pressInWindow(QKeySequence::keyBindings(QKeySequence::Redo).first());
        QCOMPARE(stack()->index(), index + 1);
        QCOMPARE(inDocument(), after);
        QCOMPARE(shown(), after);
        pressInWindow(QKeySequence(QKeySequence::Undo)); // the next case starts from the map as it was
        QCOMPARE(stack()->index(), index);
    }

private slots:
    void initTestCase()
    {
        editor_ = rb::guitest::openEditor(48);
        QVERIFY(rb::guitest::activate(*window()));
    }

    void cleanupTestCase()
    {
        QVERIFY2(editor_.errors->isEmpty(), qPrintable(editor_.errors->join("\n")));
        editor_.window.reset();
    }

    void cflReadoutIsTheSolversNumber_data()
    {
        QTest::addColumn<FlowModel>("model");
        QTest::newRow("pipes") << FlowModel::Pipes;
        QTest::newRow("momentum") << FlowModel::Momentum;
    }

    // A dt that puts the solver at CFL 1.5 shows "CFL 1.50" in red with the solver's limit in the
    // tooltip, and the solver does refuse it; on the momentum sheet the deepest water alone would
    // give less than a quarter of that. A slightly larger dt keeps the pause message (it is still
    // beyond the limit); a dt at CFL 0.5 clears it and plays.
    void cflReadoutIsTheSolversNumber()
    {
        QFETCH(FlowModel, model);
        QVERIFY(rb::guitest::openMap(*window(), sheet(model)));
        const auto loaded = window()->runner()->latestSnapshot();
        QVERIFY(loaded && loaded->diagnostics.cfl > 0.0);
        const rb::Lattice& lattice = window()->document()->map().state.lattice;
        const double dtPerCfl = loaded->params.dt / loaded->diagnostics.cfl; // every CFL number is linear in dt
        rb::SimParams beyond = loaded->params;
        beyond.dt = 1.5 * dtPerCfl;
        const double depthOnly = rb::cflNumber(lattice, beyond, loaded->diagnostics.maxDepth);
        qInfo("solver: CFL %.3f at dt %g s (fastest %.2f m/s); at %g s the deepest water alone gives %.3f", loaded->diagnostics.cfl,
              loaded->params.dt, loaded->diagnostics.maxSpeed, beyond.dt, depthOnly);
        if (model == FlowModel::Momentum) QVERIFY(depthOnly < 0.25 * 1.5);

        number("dt")->setValue(beyond.dt);
        QTRY_COMPARE(cflLabel()->text(), QString("CFL 1.50"));
        QVERIFY(cflLabel()->property("warning").toBool());
        const QString limit = QString::number(dtPerCfl, 'g', 3) + " s";
        QVERIFY2(cflLabel()->toolTip().contains("below " + limit), qPrintable(cflLabel()->toolTip() + " (expected " + limit + ")"));

        QSignalSpy paused(window()->runner(), &rb::editor::SimulationRunner::pausedByError);
        window()->action("playPause")->trigger();
        QVERIFY(paused.count() > 0 || paused.wait(10000));
        QVERIFY2(paused.first().first().toString().contains("unstable"), qPrintable(paused.first().first().toString()));
        QTRY_VERIFY(message()->text().startsWith("Paused"));

        number("dt")->setValue(1.02 * beyond.dt); // still refused: the reason stays on screen
        QVERIFY2(message()->text().startsWith("Paused"), qPrintable(message()->text() + " / " + cflLabel()->text()));
        QVERIFY(cflLabel()->property("warning").toBool());

        number("dt")->setValue(0.5 * dtPerCfl);
        QVERIFY2(message()->text().isEmpty(), qPrintable(message()->text()));
        QTRY_COMPARE(cflLabel()->text(), QString("CFL 0.50"));
        QVERIFY(!cflLabel()->property("warning").toBool());
        paused.clear();
        window()->action("playPause")->trigger();
        QVERIFY(rb::guitest::waitForSnapshot(*window(), [&](const SimulationSnapshot& s) { return s.diagnostics.steps >= loaded->diagnostics.steps + 20; }));
        window()->runner()->pause();
        QVERIFY2(paused.isEmpty(), paused.isEmpty() ? "" : qPrintable(paused.first().first().toString()));
    }

    // Every kind of number box of the docks that edit through the undo stack.
    void undoKeysWorkInTheDocksNumberBoxes()
    {
        QVERIFY(rb::guitest::openMap(*window(), rb::guitest::LakeScene::make()));
        QVERIFY(rb::guitest::activate(*window()));
        const rb::Map& map = window()->document()->map();
        auto* friction = number("friction");
        checkUndoKeys(friction, "0.2", [&] { return map.params.friction; }, [&] { return friction->value(); });
        if (QTest::currentTestFailed()) return;
        auto* capacity = number("erosionCapacity");
        checkUndoKeys(capacity, "0.5", [&] { return map.params.erosion.capacity; }, [&] { return capacity->value(); });
        if (QTest::currentTestFailed()) return;
        auto* substeps = dock()->findChild<QSpinBox*>("substeps");
        checkUndoKeys(substeps, "7", [&] { return double(map.params.substeps); }, [&] { return double(substeps->value()); });
        if (QTest::currentTestFailed()) return;

        window()->boundaryDock()->raise();
        QTableWidget* table = window()->boundaryDock()->table();
        QVERIFY(table->rowCount() > 0); // the lake's east outflow
        auto* end = static_cast<QSpinBox*>(table->cellWidget(0, 2));
        QVERIFY(end->value() > 10);
        checkUndoKeys(end, "10", [&] { return double(map.boundary.at(0).end); }, [&] { return double(end->value()); });
        if (QTest::currentTestFailed()) return;
        rb::BoundarySegment sea = map.boundary.at(0);
        sea.type = rb::BoundaryType::Sea;
        sea.value = 1.0;
        window()->document()->setBoundary({sea}); // a segment with a value to type
        auto* value = static_cast<QDoubleSpinBox*>(table->cellWidget(0, 4));
        checkUndoKeys(value, "2.5", [&] { return map.boundary.at(0).value; }, [&] { return value->value(); });
    }

    void historyNamesFieldsReadably_data()
    {
        QTest::addColumn<QString>("box");
        QTest::addColumn<QString>("entry");
        QTest::newRow("Manning's n") << "manning" << "Change Manning's n";
        QTest::newRow("time step") << "dt" << "Change time step";
        QTest::newRow("eddy viscosity") << "eddyViscosity" << "Change eddy viscosity";
        QTest::newRow("gravity") << "gravity" << "Change gravity";
        QTest::newRow("talus angle") << "talusAngle" << "Change erosion talus angle";
    }

    // Every number of the simulation parameter table has its box, named after its header key, that
    // edits the document's parameter (in SI, from the box's unit) as one undoable step and shows
    // only while a model that reads it runs: a new row needs nothing in the dock.
    void everyParameterOfTheTableHasAnUndoableBox()
    {
        for (const rb::SimParamSpec& spec : rb::simParamTable()) {
            const QByteArray key(spec.key.data(), static_cast<qsizetype>(spec.key.size()));
            QDoubleSpinBox* box = number(key.constData());
            QVERIFY2(box, key.constData());
            for (const FlowModel model : {FlowModel::Pipes, FlowModel::Momentum}) {
                rb::SimParams params = window()->document()->map().params;
                params.model = model;
                dock()->setParams(params);
                QCOMPARE(box->isVisibleTo(dock()), spec.readBy(model));
            }
            dock()->setParams(window()->document()->map().params);
            const double before = window()->document()->map().params.*spec.field;
            const int steps = stack()->index();
            box->setValue(box->value() + 0.5 * (box->maximum() - box->value()));
            QCOMPARE(stack()->index(), steps + 1);
            QCOMPARE(window()->document()->map().params.*spec.field, box->value() * spec.siPerShown);
            stack()->undo();
            QCOMPARE(window()->document()->map().params.*spec.field, before);
        }
    }

    void historyNamesFieldsReadably()
    {
        QFETCH(QString, box);
        QFETCH(QString, entry);
        QDoubleSpinBox* field = number(qPrintable(box));
        QVERIFY(field);
        field->setValue(field->value() + 0.5 * (field->maximum() - field->value()));
        QCOMPARE(stack()->undoText(), entry);
        stack()->undo();
    }
};

RIVERBED_GUI_TEST_MAIN(SimulationDockTest)
#include "SimulationDockTest.moc"
