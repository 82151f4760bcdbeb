// The Currents dock (issue 13): on a generated island, West +0.4 and East −0.4 m/s, Solve: the
// solve runs off the GUI thread with a progress bar, the map then holds a current flowing east
// away from the land (in the document and in the running simulation), View › Currents draws it as
// arrows; undo clears it, redo gives it back bit for bit, and a Cancel during a long solve
// leaves the map as it was.
#include "GuiTestSupport.h"

#include "currents/StoredCurrents.h"
#include "session/EditingSession.h"
#include "document/SameBits.h"
#include "document/MapDocument.h"
#include "panels/CurrentsDock.h"
#include "view/Viewport.h"

#include <QAction>
#include <QCheckBox>
#include <QDoubleSpinBox>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QSpinBox>
#include <QStatusBar>
#include <QUndoStack>

using rb::StoredCurrents;
using rb::editor::sameBits;

class CurrentsDockTest : public QObject {
    Q_OBJECT

private:
    rb::guitest::Editor editor_;
    StoredCurrents solved_;

    rb::editor::MainWindow& window() { return *editor_.window; }
    rb::panels::CurrentsDock* dock() { return window().currentsDock(); }
    template <typename Widget>
    Widget* child(const QString& name)
    {
        return rb::guitest::namedChild<Widget>(dock(), name);
    }
    StoredCurrents runnerCurrents()
    {
        const std::optional<rb::Map> map = rb::guitest::readRunnerMap(window());
        return map ? currentsOf(map->state) : StoredCurrents{};
    }
    void setSide(const QString& side, bool open, double speed)
    {
        child<QCheckBox>("currentOpen-" + side)->setChecked(open);
        child<QDoubleSpinBox>("currentSpeed-" + side)->setValue(speed);
    }
    void solve(int maxIterations, double tolerance)
    {
        child<QSpinBox>("currentsMaxIterations")->setValue(maxIterations);
        auto* toleranceBox = child<QDoubleSpinBox>("currentsTolerance");
        toleranceBox->setFocus();
        toleranceBox->selectAll();
        QTest::keyClicks(toleranceBox, QString::number(tolerance, 'g', 3));
        QTest::keyClick(toleranceBox, Qt::Key_Enter);
        QTest::mouseClick(child<QPushButton>("solveCurrents"), Qt::LeftButton);
    }
    // Mean eastward speed over the wet cells at least `margin` cells from any land.
    static double meanEastFarFromLand(const rb::MapState& state, const StoredCurrents& currents, int margin)
    {
        const rb::Lattice& lattice = state.lattice;
        const auto wet = [&](int x, int y) { return state.depth(x, y) > 1e-3f; };
        double sum = 0.0;
        int count = 0;
        for (int y = margin; y < lattice.height() - margin; ++y)
            for (int x = margin; x < lattice.width() - margin; ++x) {
                bool open = true;
                for (int dy = -margin; dy <= margin && open; ++dy)
                    for (int dx = -margin; dx <= margin && open; ++dx) open = wet(x + dx, y + dy);
                if (!open) continue;
                sum += currents.cells[0](x, y);
                ++count;
            }
        qInfo("%d cells far from land", count);
        return count > 0 ? sum / count : 0.0;
    }
private slots:
    void initTestCase() { editor_ = rb::guitest::openEditor(64); }

    void solvesAnEastwardCurrentAndDrawsIt()
    {
        QAction* view = window().action("showCurrents");
        QVERIFY(view && view->isCheckable());
        view->setChecked(true); // before any solve: the status bar says there is nothing to draw
        QVERIFY2(window().statusBar()->currentMessage().contains("no currents"), qPrintable(window().statusBar()->currentMessage()));
        QCOMPARE(window().viewport()->currentArrowLineCount(), std::size_t(0));
        view->setChecked(false);

        dock()->show();
        dock()->raise();
        QVERIFY(QTest::qWaitForWindowExposed(dock()));
        QVERIFY(!child<QPushButton>("clearCurrents")->isEnabled());
        setSide("north", false, 0.0);
        setSide("south", false, 0.0);
        setSide("west", true, 0.4);
        setSide("east", true, -0.4);
        const int undoSteps = window().document()->undoStack()->count();
        solve(40, 1e-4);
        QVERIFY(child<QProgressBar>("currentsProgress")->isVisible());
        QVERIFY(!child<QPushButton>("solveCurrents")->isEnabled());
        QVERIFY(rb::guitest::waitUntil([&] { return !window().session()->isSolvingCurrents(); }, 60000));
        QVERIFY2(editor_.errors->isEmpty(), qPrintable(editor_.errors->join("; ")));
        QVERIFY(child<QPushButton>("solveCurrents")->isEnabled());
        QVERIFY(!child<QProgressBar>("currentsProgress")->isVisible());
        QVERIFY2(dock()->resultLabel()->text().contains("iteration"), qPrintable(dock()->resultLabel()->text()));

        rb::editor::MapDocument* document = window().document();
        QVERIFY(document->hasCurrents());
        QCOMPARE(document->undoStack()->count(), undoSteps + 1);
        QCOMPARE(document->undoStack()->undoText(), QString("Solve currents"));
        QVERIFY(child<QPushButton>("clearCurrents")->isEnabled());
        solved_ = document->currents();
        QVERIFY(sameBits(runnerCurrents(), solved_)); // the simulation carries it too
        const double east = meanEastFarFromLand(document->map().state, solved_, 4);
        qInfo("mean eastward current far from land: %.3f m/s", east);
        QVERIFY2(east > 0.1, qPrintable(QString::number(east)));

        // Render captures leave the editing overlays out: the arrows are counted in the overlay's lines.
        const int without = window().viewport()->overlayVertexCount();
        view->setChecked(true);
        const std::size_t lines = window().viewport()->currentArrowLineCount();
        QVERIFY(lines > 0 && lines % 3 == 0);
        QCOMPARE(window().viewport()->overlayVertexCount(), without + 2 * static_cast<int>(lines));
        QVERIFY(child<QLabel>("currentsScale")->text().contains("m/s"));
        QVERIFY2(window().statusBar()->currentMessage().contains("Arrows every"), qPrintable(window().statusBar()->currentMessage()));
    }

    void undoClearsAndRedoRestoresBitwise()
    {
        QVERIFY(!solved_.empty());
        rb::editor::MapDocument* document = window().document();
        document->undoStack()->undo();
        QVERIFY(!document->hasCurrents());
        QVERIFY(runnerCurrents().empty());
        QCOMPARE(window().viewport()->currentArrowLineCount(), std::size_t(0));
        QVERIFY(!child<QPushButton>("clearCurrents")->isEnabled());

        document->undoStack()->redo();
        QVERIFY(sameBits(document->currents(), solved_));
        QVERIFY(sameBits(runnerCurrents(), solved_));
        QVERIFY(window().viewport()->currentArrowLineCount() > 0);
    }

    void cancelDuringALongSolveLeavesTheMapUnchanged()
    {
        rb::editor::MapDocument* document = window().document();
        const StoredCurrents before = document->currents();
        QVERIFY(!before.empty());
        const int undoSteps = document->undoStack()->count();
        solve(100000, 1e-12); // never steady
        auto* progress = child<QProgressBar>("currentsProgress");
        QVERIFY(rb::guitest::waitUntil([&] { return progress->value() >= 2; }, 60000));
        QVERIFY(window().session()->isSolvingCurrents());
        QTest::mouseClick(child<QPushButton>("cancelCurrents"), Qt::LeftButton);
        QVERIFY(rb::guitest::waitUntil([&] { return !window().session()->isSolvingCurrents(); }, 60000));
        QVERIFY2(dock()->resultLabel()->text().contains("Cancelled"), qPrintable(dock()->resultLabel()->text()));
        QCOMPARE(document->undoStack()->count(), undoSteps);
        QVERIFY(sameBits(document->currents(), before));
        QVERIFY(sameBits(runnerCurrents(), before));
    }

    void cleanupTestCase() { editor_.window.reset(); }
};

RIVERBED_GUI_TEST_MAIN(CurrentsDockTest)
#include "CurrentsDockTest.moc"
