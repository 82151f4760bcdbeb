// View › Flow particles: toggled on, the options row shows and streaks are drawn on the flowing
// water, moving from one view tick to the next (also while the simulation is paused); the count
// box sets how many; toggled off, the row hides and nothing is drawn.
#include "GuiTestSupport.h"

#include "model/DemoScene.h"
#include "panels/FlowParticlesBar.h"
#include "view/Viewport.h"

#include <QToolBar>

class FlowParticlesViewTest : public QObject {
    Q_OBJECT

private:
    rb::guitest::Editor editor_;
    rb::editor::MainWindow* window() { return editor_.window.get(); }

private slots:
    void initTestCase()
    {
        editor_ = rb::guitest::openEditor(64);
        // The demo's lake bursting its dam: water rushing into the basin.
        QVERIFY(rb::guitest::openMap(*window(), rb::makeDamBreakDemo(rb::LatticeKind::Square, 64)));
        QVERIFY(rb::guitest::simulate(*window(), 40));
    }

    void cleanupTestCase()
    {
        QVERIFY2(editor_.errors->isEmpty(), qPrintable(editor_.errors->join("\n")));
        editor_.window.reset();
    }

    void particlesFollowTheToggle()
    {
        window()->runner()->pause();
        auto* bar = window()->findChild<rb::panels::FlowParticlesBar*>();
        QVERIFY(bar);
        QVERIFY(!bar->isVisible());
        QCOMPARE(window()->viewport()->particleStreakCount(), std::size_t{0});

        window()->action("flowParticles")->trigger();
        QVERIFY(bar->isVisible());
        bar->setCount(600);
        QTRY_VERIFY_WITH_TIMEOUT(window()->viewport()->particleStreakCount() > 300, 5000);
        QVERIFY(window()->viewport()->particleStreakCount() <= 600);
        // Paused, the particles still move (wall-clock ticks over the last water).
        const auto before = bar->particles().particles();
        QTest::qWait(500);
        const auto after = bar->particles().particles();
        int moved = 0;
        for (std::size_t i = 0; i < std::min(before.size(), after.size()); ++i) moved += before[i].x != after[i].x || before[i].y != after[i].y ? 1 : 0;
        QVERIFY2(moved > 100, qPrintable(QString("%1 particles moved").arg(moved)));

        window()->action("flowParticles")->trigger();
        QVERIFY(!bar->isVisible());
        QCOMPARE(window()->viewport()->particleStreakCount(), std::size_t{0});
    }
};

RIVERBED_GUI_TEST_MAIN(FlowParticlesViewTest)
#include "FlowParticlesViewTest.moc"
