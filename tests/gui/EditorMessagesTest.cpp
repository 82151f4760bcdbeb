// What the editor says stays true: the flow model's tooltip names the backends that run it (both
// do now), and the status bar's "Simulation paused: …" goes once the simulation runs again. (The
// engine bundle dialog's own hint is checked in EditorWorkflowTest with the rest of that dialog.)
#include "GuiTestSupport.h"

#include "document/MapDocument.h"
#include "panels/SimulationDock.h"
#include "solver/Stability.h"

#include <QComboBox>
#include <QSignalSpy>
#include <QStatusBar>

class EditorMessagesTest : public QObject {
    Q_OBJECT

private:
    rb::guitest::Editor editor_;
    rb::editor::MainWindow* window() { return editor_.window.get(); }

private slots:
    void initTestCase() { editor_ = rb::guitest::openEditor(48); }
    void cleanupTestCase() { editor_.window.reset(); }

    void theMomentumTooltipsNameBothBackends()
    {
        auto* model = window()->simulationDock()->findChild<QComboBox*>("flowModel");
        QVERIFY(model);
        const int momentum = model->findData(static_cast<int>(rb::FlowModel::Momentum));
        QVERIFY(momentum >= 0);
        for (const QString& tip : {model->itemData(momentum, Qt::ToolTipRole).toString(), model->toolTip()}) {
            QVERIFY2(!tip.contains("CPU only") && !tip.contains("hands over"), qPrintable(tip));
        }
        QVERIFY(model->itemData(momentum, Qt::ToolTipRole).toString().contains("OpenCL"));
    }

    // A dt far past the stable limit pauses the simulation with the reason in the status bar; a
    // stable dt and Play again, and the reason goes.
    void resumingClearsThePausedMessage()
    {
        const auto before = rb::guitest::readRunnerMap(*window());
        QVERIFY(before);
        const rb::SimParams stable = window()->document()->map().params;
        rb::SimParams unstable = stable;
        const double limit = rb::stableDtLimit(before->state.lattice, before->params, 30.0);
        unstable.cflTarget = 0.0; // a fixed dt: the solver refuses the step instead of shortening it
        unstable.dtMax = 0.0;
        unstable.dt = std::max(3.0 * limit, 3.0 * stable.dt);
        window()->document()->setParams(unstable);
        QSignalSpy paused(window()->runner(), &rb::editor::SimulationRunner::pausedByError);
        window()->action("playPause")->trigger();
        QVERIFY(paused.count() > 0 || paused.wait(10000));
        QVERIFY(rb::guitest::waitUntil([&] { return !window()->action("playPause")->isChecked(); }));
        QVERIFY2(window()->statusBar()->currentMessage().startsWith("Simulation paused"), qPrintable(window()->statusBar()->currentMessage()));

        window()->document()->setParams(stable);
        window()->action("playPause")->trigger();
        QVERIFY(window()->runner()->isPlaying());
        QVERIFY(rb::guitest::waitForSnapshot(*window(), [&](const rb::editor::SimulationSnapshot& s) {
            return s.diagnostics.steps > before->state.steps + 2;
        }));
        QVERIFY2(!window()->statusBar()->currentMessage().contains("paused"), qPrintable(window()->statusBar()->currentMessage()));
        QVERIFY(window()->runner()->isPlaying()); // resumed for good, not refused again
        window()->action("playPause")->trigger();
    }
};

RIVERBED_GUI_TEST_MAIN(EditorMessagesTest)
#include "EditorMessagesTest.moc"
