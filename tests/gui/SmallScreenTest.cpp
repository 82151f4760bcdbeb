// The editor fits a laptop screen: the window's minimum height (set by the docks stacked on each
// side) stays at most 700 px, and at that height the docks lie side by side without drawing over
// each other; what does not fit scrolls inside its dock. Before, the Simulation dock alone (with
// its Erosion box) asked for most of 1245 px, and a window forced smaller drew the Statistics dock
// over the Erosion box.
#include "GuiTestSupport.h"

#include "panels/BoundaryDock.h"
#include "panels/CurrentsDock.h"
#include "panels/GeneratorDock.h"
#include "panels/SimulationDock.h"
#include "panels/StatisticsDock.h"

#include <QDockWidget>
#include <QGroupBox>
#include <QLayout>
#include <QScrollArea>
#include <QStatusBar>

namespace {

constexpr int kSmallHeight = 700;

} // namespace

class SmallScreenTest : public QObject {
    Q_OBJECT

private:
    rb::guitest::Editor editor_;
    rb::editor::MainWindow* window() { return editor_.window.get(); }

    QList<QDockWidget*> docks()
    {
        return {window()->simulationDock(), window()->statisticsDock(), window()->generatorDock(), window()->boundaryDock(),
                window()->currentsDock()};
    }

private slots:
    void initTestCase()
    {
        editor_ = rb::guitest::openEditor(48, 1, QSize(1024, kSmallHeight));
    }

    void cleanupTestCase() { editor_.window.reset(); }

    void theMinimumHeightFitsASmallScreen()
    {
        for (QDockWidget* dock : docks())
            qInfo("%s: minimum %d×%d", qPrintable(dock->objectName()), dock->minimumSizeHint().width(), dock->minimumSizeHint().height());
        const QSize minimum = window()->layout()->minimumSize();
        qInfo("window minimum %d×%d", minimum.width(), minimum.height());
        QVERIFY2(minimum.height() <= kSmallHeight, qPrintable(QString("the window needs %1 px").arg(minimum.height())));
        QVERIFY(minimum.width() <= 1024);
    }

    // At 1024×700 every dock keeps to its own rectangle.
    void theDocksDoNotOverlapAtThatHeight()
    {
        window()->resize(1024, kSmallHeight);
        QVERIFY(rb::guitest::waitUntil([&] { return window()->height() == kSmallHeight; }, 5000));
        QTest::qWait(100);
        const QRect simulation = window()->simulationDock()->geometry();
        const QRect statistics = window()->statisticsDock()->geometry();
        QVERIFY(simulation.height() > 0 && statistics.height() > 0);
        QVERIFY2(!simulation.intersects(statistics), "the Statistics dock lies over the Simulation dock");
        QVERIFY(simulation.bottom() < window()->statusBar()->geometry().top());
        QVERIFY(statistics.bottom() < window()->statusBar()->geometry().top());
    }

    // The tall docks scroll: the Erosion box can be brought into view inside the Simulation dock.
    void theErosionBoxScrollsIntoView()
    {
        auto* scroll = qobject_cast<QScrollArea*>(window()->simulationDock()->widget());
        QVERIFY2(scroll, "the Simulation dock's contents are not in a scroll area");
        auto* erosion = window()->simulationDock()->findChild<QGroupBox*>("erosionGroup");
        QVERIFY(erosion);
        scroll->ensureWidgetVisible(erosion);
        QTest::qWait(50);
        const QRect inViewport(erosion->mapTo(scroll->viewport(), QPoint(0, 0)), erosion->size());
        QVERIFY(scroll->viewport()->rect().intersects(inViewport));
        // And what is visible of it lies inside the Simulation dock, not under the Statistics dock.
        const QRect shown = scroll->viewport()->rect().intersected(inViewport);
        const QRect inWindow(scroll->viewport()->mapTo(window(), shown.topLeft()), shown.size());
        QVERIFY(!inWindow.intersects(window()->statisticsDock()->geometry()));
        // The other tall ones too (the Generator dock scrolls its form inside, the Boundary dock its table).
        for (QDockWidget* dock : {static_cast<QDockWidget*>(window()->statisticsDock()), static_cast<QDockWidget*>(window()->currentsDock())})
            QVERIFY2(qobject_cast<QScrollArea*>(dock->widget()), qPrintable(dock->objectName()));
    }
};

RIVERBED_GUI_TEST_MAIN(SmallScreenTest)
#include "SmallScreenTest.moc"
