// The automatic time step in the editor: a 50 m dab of water while the simulation plays slows the
// steps instead of pausing it, the dt in use shows in the Simulation dock, and the CFL number stays
// far below the limit; with the time step fixed the same dab pauses the simulation with a message,
// which an edit that fixes the cause (switching Automatic on) clears.
#include "GuiTestSupport.h"
#include "TestScenes.h"

#include "document/MapDocument.h"
#include "document/SimulationRunner.h"
#include "panels/SimulationDock.h"
#include "tools/ToolManager.h"
#include "tools/WaterBrushTool.h"

#include <QCheckBox>
#include <QLabel>
#include <QSignalSpy>

using rb::guitest::LakeScene;

class AutomaticTimeStepTest : public QObject {
    Q_OBJECT

private:
    static constexpr double kDt = 0.1;
    rb::guitest::Editor editor_;
    rb::editor::MainWindow* window() { return editor_.window.get(); }

    rb::Map lake(bool automatic)
    {
        rb::Map map = LakeScene::make();
        map.params.dt = kDt; // the lake runs at CFL 0.3; a 50 m column is beyond the limit at this dt
        if (automatic) {
            map.params.cflTarget = rb::kDefaultCflTarget;
            map.params.dtMax = map.params.dt;
        }
        return map;
    }

    // A designer's deep dab into the lake: 50 m of water under a small brush.
    void deepDab()
    {
        auto* manager = window()->toolManager();
        auto* brush = static_cast<rb::tools::WaterBrushTool*>(manager->tool("addWater"));
        manager->setActiveTool(brush);
        brush->setRadiusCells(2.0);
        brush->setStrength(50.0);
        brush->setFalloff(0.0);
        const QPoint at = rb::guitest::pixelOfCell(*window(), LakeScene::kLakeX, LakeScene::kLakeY);
        rb::guitest::dragThrough(*window(), {at, at});
        manager->setActiveTool(manager->tool("navigate"));
    }

    // Plays until `steps` more steps are done (or the runner stops); the largest CFL number and
    // smallest dt the runner reported meanwhile, and the last diagnostics seen.
    void playFor(std::int64_t steps, double& largestCfl, double& smallestDt, rb::Diagnostics* last = nullptr)
    {
        const auto start = rb::guitest::readRunnerMap(*window())->state.steps;
        QElapsedTimer clock;
        clock.start();
        while (clock.elapsed() < 60000 && window()->runner()->isPlaying()) {
            QTest::qWait(50);
            const auto snapshot = window()->runner()->takeSnapshot();
            if (!snapshot) continue;
            largestCfl = std::max(largestCfl, snapshot->diagnostics.cfl);
            smallestDt = std::min(smallestDt, snapshot->params.dt);
            if (last) *last = snapshot->diagnostics;
            if (snapshot->diagnostics.steps >= start + steps) return;
        }
    }

private slots:
    void init()
    {
        editor_ = rb::guitest::openEditor(64);
        rb::guitest::lookStraightDown(*window());
    }

    void cleanup()
    {
        QVERIFY2(editor_.errors->isEmpty(), qPrintable(editor_.errors->join("\n")));
        editor_.window.reset();
    }

    void deepDabWhilePlayingSlowsTheStepsInsteadOfPausing()
    {
        QVERIFY(rb::guitest::openMap(*window(), lake(true)));
        QSignalSpy paused(window()->runner(), &rb::editor::SimulationRunner::pausedByError);
        window()->runner()->play();
        double largestCfl = 0.0, smallestDt = 1.0;
        rb::Diagnostics beforeDab, end;
        playFor(40, largestCfl, smallestDt, &beforeDab);
        deepDab();
        largestCfl = 0.0;
        playFor(400, largestCfl, smallestDt, &end);
        QVERIFY2(paused.isEmpty(), paused.isEmpty() ? "" : qPrintable(paused.first().first().toString()));
        QVERIFY(window()->runner()->isPlaying());
        // The column collapses within a frame or two, so the 50 ms snapshots may miss the dip in
        // dt itself; the clock does not: had every step since the last snapshot before the dab
        // been kDt long, the time would have advanced by exactly steps·kDt.
        const double fullSteps = static_cast<double>(end.steps - beforeDab.steps) * kDt;
        const double advanced = end.time - beforeDab.time;
        QVERIFY2(advanced < fullSteps * (1.0 - 1e-6),
                 qPrintable(QString("dt stayed at %1 s: %2 s over %3 steps").arg(kDt).arg(advanced).arg(end.steps - beforeDab.steps)));
        QVERIFY2(largestCfl <= 0.8, qPrintable(QString("CFL reached %1").arg(largestCfl)));
        auto* readout = window()->simulationDock()->findChild<QLabel*>("cfl");
        QVERIFY(readout);
        QTRY_VERIFY_WITH_TIMEOUT(readout->text().startsWith("next step:"), 5000);
        qInfo("after the dab: %.3f s in %lld steps (%.3f s at the full dt), smallest dt seen %g s, largest CFL %.3f; the dock shows '%s'", advanced,
              static_cast<long long>(end.steps - beforeDab.steps), fullSteps, smallestDt, largestCfl, qPrintable(readout->text()));
        window()->runner()->pause();
    }

    // Issue 32: before the first step the readout showed the dt in force ("CFL 0.67" against the
    // 0.5 target), which no step was going to use. It shows the dt the next step takes, and that
    // is the dt the step then runs at.
    void readoutBeforeTheFirstStepIsTheNextStepsDt()
    {
        rb::Map map = lake(true);
        map.params.dt = map.params.dtMax = 0.25; // the still lake at CFL 0.75 at this dt
        QVERIFY(rb::guitest::openMap(*window(), map));
        auto* readout = window()->simulationDock()->findChild<QLabel*>("cfl");
        QVERIFY(readout);
        QTRY_VERIFY_WITH_TIMEOUT(readout->text().startsWith("next step:"), 5000);
        QTest::qWait(200); // the runner's first report, if any, has arrived
        const QString shown = readout->text();
        QVERIFY2(shown.endsWith("CFL 0.50"), qPrintable(shown));
        const double shownDt = shown.section(' ', 2, 2).toDouble();
        QVERIFY2(shownDt > 0.0 && shownDt < 0.25, qPrintable(shown));
        window()->runner()->step(1);
        std::optional<rb::Map> after;
        QVERIFY(rb::guitest::waitUntil([&] {
            after = rb::guitest::readRunnerMap(*window());
            return after && after->state.steps == 1;
        }));
        const double used = after->params.dt;
        QVERIFY2(std::abs(used - shownDt) <= 0.005 * used, qPrintable(QString("shown %1, used %2").arg(shown).arg(used)));
    }

    void fixedTimeStepPausesAndTheMessageClearsWhenAutomaticIsSwitchedOn()
    {
        QVERIFY(rb::guitest::openMap(*window(), lake(false)));
        QSignalSpy paused(window()->runner(), &rb::editor::SimulationRunner::pausedByError);
        window()->runner()->play();
        double largestCfl = 0.0, smallestDt = 1.0;
        playFor(40, largestCfl, smallestDt);
        deepDab();
        QTRY_VERIFY_WITH_TIMEOUT(!paused.isEmpty(), 20000);
        auto* dock = window()->simulationDock();
        auto* message = dock->findChild<QLabel*>("message");
        QVERIFY(message);
        QTRY_VERIFY_WITH_TIMEOUT(message->text().contains("unstable", Qt::CaseInsensitive) || message->text().startsWith("Paused"), 5000);
        auto* automatic = dock->findChild<QCheckBox*>("automaticDt");
        QVERIFY(automatic);
        automatic->click();
        QVERIFY(window()->document()->map().params.automaticDt()); // through the undo stack
        QVERIFY2(message->text().isEmpty(), qPrintable(message->text()));
        window()->runner()->play();
        paused.clear();
        playFor(200, largestCfl, smallestDt);
        QVERIFY2(paused.isEmpty(), paused.isEmpty() ? "" : qPrintable(paused.first().first().toString()));
        window()->runner()->pause();
        window()->document()->undoStack()->undo();
        QVERIFY(!window()->document()->map().params.automaticDt());
        QVERIFY(!automatic->isChecked());
    }
};

RIVERBED_GUI_TEST_MAIN(AutomaticTimeStepTest)
#include "AutomaticTimeStepTest.moc"
