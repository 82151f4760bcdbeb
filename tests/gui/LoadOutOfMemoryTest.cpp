// A map that fits the memory pre-check but whose solver or view still cannot be allocated (the
// estimate is short, or another program took the memory meanwhile) is refused with a message, and
// the previous map goes on everywhere: document, undo history, view and simulation. Before, a
// failed view aborted the editor (std::terminate out of Viewport::setMap) and a failed solver
// left a 4096² document on a 256² simulation, each brush dab then opening an error dialog.
//
// The estimate made before a load counts the view too: a map whose solver fits but whose view
// does not is refused up front (with the address space limited as `ulimit -v` does).
//
// The failures are made deterministic by AllocationFailure: one chosen large operator new on the
// simulation's worker thread (where solvers are built) or on the GUI thread (where the view's
// meshes are) throws std::bad_alloc. The sweeps fail each such allocation of a load in turn.
#include "AddressSpaceLimit.h"
#include "AllocationFailure.h"
#include "GuiTestSupport.h"

#include "session/EditingSession.h"
#include "document/MapDocument.h"
#include "document/SimulationRunner.h"
#include "generator/GeneratorSettings.h"
#include "io/map/MapFile.h"
#include "model/MemoryBudget.h"
#include "panels/StatisticsDock.h"
#include "view/Viewport.h"

#include <QLabel>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QUndoStack>

namespace {

using rb::guitest::AddressSpaceLimit;

constexpr int kLargeSide = 512;              // arrays of 1 MB: far above anything a 48² map allocates
constexpr std::size_t kFailFrom = 512 * 1024; // bytes
using rb::guitest::FailingThread;
using rb::guitest::LargeAllocationFails;

constexpr int kHugeSide = 4096; // as in the report: a 4096² map on a machine with 4.5 GB (ulimit -v)

} // namespace

class LoadOutOfMemoryTest : public QObject {
    Q_OBJECT

private:
    rb::guitest::Editor editor_;
    QTemporaryDir dir_;
    std::vector<float> bed_; // the small map's
    int undoSteps_ = 0;

    rb::editor::MainWindow* window() { return editor_.window.get(); }
    QString largeMapPath() { return dir_.filePath("large.rbmap"); }
    QString smallMapPath() { return dir_.filePath("small.rbmap"); }
    QString hugeMapPath() { return dir_.filePath("huge.rbmap"); }

    // The small map in place (opened again after a large one went through), with a step to undo.
    void startFromTheSmallMap()
    {
        if (window()->document()->map().state.lattice.width() != 48) {
            QSignalSpy loaded(window(), &rb::editor::MainWindow::mapLoaded);
            window()->openFile(smallMapPath());
            QVERIFY(loaded.wait(30000));
        }
        window()->document()->undoStack()->push(new QUndoCommand("an edit")); // which a refused map must not take away
        bed_ = window()->document()->map().state.bed.values();
        undoSteps_ = window()->document()->undoStack()->count();
    }

    // The large map went through: document, view and simulation all hold it. (A failure after
    // the load, reading the first snapshot back, pauses the simulation with a message; the next
    // request publishes one.)
    void expectTheLargeMapEverywhere()
    {
        QCOMPARE(window()->document()->map().state.lattice.width(), kLargeSide);
        QCOMPARE(window()->viewport()->waterState()->lattice.width(), kLargeSide);
        const auto running = rb::guitest::readRunnerMap(*window());
        QVERIFY(running);
        QCOMPARE(running->state.lattice.width(), kLargeSide);
        QVERIFY(rb::guitest::waitForSnapshot(*window(), [](const rb::editor::SimulationSnapshot& s) {
            return s.state->lattice.width() == kLargeSide;
        }));
    }

    // Opens the large map with the first, second, … large allocation on `thread` failing, until an
    // open goes through without reaching the failure (every allocation of a load was tried). Each
    // time one map is in place everywhere: the small one after a refusal, else the large one.
    void sweep(FailingThread thread)
    {
        int refusals = 0;
        for (int skip = 0; skip < 100 && !QTest::currentTestFailed(); ++skip) {
            startFromTheSmallMap();
            if (QTest::currentTestFailed()) return;
            const int errorsBefore = static_cast<int>(editor_.errors->size());
            QSignalSpy loaded(window(), &rb::editor::MainWindow::mapLoaded);
            bool failed = false;
            {
                LargeAllocationFails fail(thread, kFailFrom, skip);
                window()->openFile(largeMapPath());
                QVERIFY(rb::guitest::waitUntil([&] { return editor_.errors->size() > errorsBefore || loaded.count() > 0; }, 30000));
                QTest::qWait(100); // what the load set off runs too (snapshots, the view's refresh)
                failed = rb::guitest::allocationFailed();
            }
            if (loaded.count() == 0) {
                ++refusals;
                expectRefusal(errorsBefore);
                expectTheSmallMapKept(false);
                continue;
            }
            expectTheLargeMapEverywhere();
            if (!failed || QTest::currentTestFailed()) break; // this load made fewer large allocations than skipped: all were tried
        }
        qInfo("%d refusals", refusals);
        QVERIFY(refusals > 0);
    }

    // The last error shown names the size, the shortage and that the map in place stays.
    void expectRefusal(int errorsBefore)
    {
        QVERIFY(rb::guitest::waitUntil([&] { return editor_.errors->size() > errorsBefore; }, 30000));
        QCOMPARE(static_cast<int>(editor_.errors->size()), errorsBefore + 1); // one dialog, not one per request
        const QString shown = editor_.errors->last();
        qInfo("%s", qPrintable(shown));
        QVERIFY2(shown.contains("memory"), qPrintable(shown));
        QVERIFY2(shown.contains(QString("%1×%1").arg(kLargeSide)), qPrintable(shown));
        QVERIFY2(shown.contains("previous map is kept"), qPrintable(shown));
        QVERIFY2(!shown.contains("std::bad_alloc"), qPrintable(shown));
    }

    // Document, history, view, simulation and status all still on the small map, and it steps (with
    // `exercise`: plays and takes edits too) without an error.
    void expectTheSmallMapKept(bool exercise = true)
    {
        QTest::qWait(200); // anything still queued arrives
        const rb::Map& map = window()->document()->map();
        QCOMPARE(map.state.lattice.width(), 48);
        QVERIFY(map.state.bed.values() == bed_);
        QCOMPARE(window()->document()->undoStack()->count(), undoSteps_);
        QVERIFY(window()->viewport()->waterState());
        QCOMPARE(window()->viewport()->waterState()->lattice.width(), 48);
        const auto running = rb::guitest::readRunnerMap(*window());
        QVERIFY(running);
        QCOMPARE(running->state.lattice.width(), 48);

        const int errorsBefore = static_cast<int>(editor_.errors->size());
        QVERIFY(rb::guitest::simulate(*window(), 3)); // snapshots of the map in place arrive
        if (!exercise) return;
        // Play runs: the time the Statistics dock shows moves on.
        const auto before = rb::guitest::waitForSnapshot(*window(), [](const rb::editor::SimulationSnapshot&) { return true; });
        QVERIFY(before);
        window()->action("playPause")->trigger();
        QVERIFY(window()->runner()->isPlaying());
        QVERIFY(rb::guitest::waitForSnapshot(*window(), [&](const rb::editor::SimulationSnapshot& s) {
            return s.diagnostics.steps > before->diagnostics.steps + 5;
        }));
        window()->action("playPause")->trigger();
        QVERIFY(!window()->statisticsDock()->findChild<QLabel*>("time")->text().startsWith("0.00 s"));
        // A water dab in the middle of the document's map reaches the simulation without an error.
        QVERIFY(rb::guitest::waitUntil([&] { return !window()->runner()->isPlaying(); }));
        const auto paused = rb::guitest::readRunnerMap(*window());
        QVERIFY(paused);
        const rb::CellRegion middle{22, 22, 4, 4};
        const float depthBefore = paused->state.depth(23, 23);
        window()->document()->editWater(middle, [](rb::editor::WaterEdit& water) {
            for (float& depth : water.depth) depth += 1.0f;
        });
        const auto after = rb::guitest::readRunnerMap(*window());
        QVERIFY(after);
        QVERIFY(after->state.depth(23, 23) > depthBefore + 0.5f);
        QTest::qWait(200);
        QCOMPARE(static_cast<int>(editor_.errors->size()), errorsBefore);
        bed_ = window()->document()->map().state.bed.values();
        undoSteps_ = window()->document()->undoStack()->count();
    }

private slots:
    void initTestCase()
    {
        QVERIFY(dir_.isValid());
        rb::Map large;
        large.state = rb::MapState(rb::Lattice(rb::LatticeKind::Square, kLargeSide, kLargeSide, 1.0));
        for (std::size_t i = 0; i < large.state.bed.size(); ++i) large.state.bed[i] = static_cast<float>(i % 97) * 0.01f;
        QString error;
        QVERIFY2(rb::io::writeMapFile(largeMapPath(), large, &error), qPrintable(error));
        rb::Map huge; // a small file: its depths are all zero
        huge.state = rb::MapState(rb::Lattice(rb::LatticeKind::Square, kHugeSide, kHugeSide, 1.0));
        QVERIFY2(rb::io::writeMapFile(hugeMapPath(), huge, &error), qPrintable(error));
        editor_ = rb::guitest::openEditor(48);
        const auto small = rb::guitest::simulate(*window(), 2);
        QVERIFY(small);
        QVERIFY2(rb::io::writeMapFile(smallMapPath(), *small, &error), qPrintable(error));
        startFromTheSmallMap();
        QVERIFY(undoSteps_ > 0);
    }

    void cleanupTestCase()
    {
        rb::guitest::stopFailingAllocations();
        editor_.window.reset();
    }

    // Room for the map and its solver with 600 MB to spare, not for its view as well: refused
    // before anything is built for it. (Before, the estimate left the view out: the solver was
    // built, and the view's allocations ended the editor.)
    void aMapWhoseViewDoesNotFitIsRefusedUpFront()
    {
        const rb::Lattice lattice(rb::LatticeKind::Square, kHugeSide, kHugeSide, 1.0);
        const std::uint64_t map = rb::MemoryBudget::mapBytes(lattice, rb::FlowModel::Pipes);
        const std::uint64_t solver = rb::MemoryBudget::cpuSolverBytes(lattice, rb::FlowModel::Pipes) - map;
        const std::uint64_t view = rb::editor::EditingSession::viewBytes(lattice, rb::FlowModel::Pipes);
        const std::uint64_t headroom = map + solver + (600ull << 20);
        QVERIFY(view > (1200ull << 20)); // well beyond the 600 MB to spare
        const int errorsBefore = static_cast<int>(editor_.errors->size());
        QSignalSpy loaded(window(), &rb::editor::MainWindow::mapLoaded);
        {
            AddressSpaceLimit limit(headroom);
            QVERIFY(limit.applied());
            window()->openFile(hugeMapPath());
            QVERIFY(rb::guitest::waitUntil([&] { return editor_.errors->size() > errorsBefore || loaded.count() > 0; }, 60000));
            QTest::qWait(200);
        }
        QCOMPARE(loaded.count(), 0);
        QCOMPARE(static_cast<int>(editor_.errors->size()), errorsBefore + 1);
        const QString shown = editor_.errors->last();
        qInfo("%s", qPrintable(shown));
        QVERIFY2(shown.contains("showing") && shown.contains("needs about"), qPrintable(shown));
        QVERIFY2(shown.contains(QString("%1×%1").arg(kHugeSide)), qPrintable(shown));
        expectTheSmallMapKept(false);
    }

    // Generate: the generation passes, the new solver cannot be built.
    void generatingWhenTheSolverCannotBeBuiltKeepsThePreviousMap()
    {
        const int errorsBefore = static_cast<int>(editor_.errors->size());
        QSignalSpy loaded(window(), &rb::editor::MainWindow::mapLoaded);
        QSignalSpy finished(window()->session(), &rb::editor::EditingSession::generationFinished);
        rb::gen::GeneratorSettings settings(rb::gen::Preset::Island);
        settings.common.width = kLargeSide;
        settings.common.height = kLargeSide;
        {
            LargeAllocationFails fail(FailingThread::Simulation, kFailFrom);
            window()->generate(settings);
            QVERIFY(finished.wait(60000));
            QVERIFY(rb::guitest::allocationFailed()); // the failure did happen where it should
        }
        QCOMPARE(finished.first().first().toBool(), false);
        QCOMPARE(loaded.count(), 0);
        expectRefusal(errorsBefore);
        expectTheSmallMapKept();
    }

    // Open: the file is read and the solver built, the view's meshes cannot be allocated.
    void openingWhenTheViewCannotBeBuiltKeepsThePreviousMap()
    {
        const int errorsBefore = static_cast<int>(editor_.errors->size());
        QSignalSpy loaded(window(), &rb::editor::MainWindow::mapLoaded);
        {
            LargeAllocationFails fail(FailingThread::Gui, kFailFrom);
            window()->openFile(largeMapPath());
            QVERIFY(rb::guitest::waitUntil([&] { return editor_.errors->size() > errorsBefore || loaded.count() > 0; }, 30000));
            QVERIFY(rb::guitest::allocationFailed());
        }
        QCOMPARE(loaded.count(), 0);
        expectRefusal(errorsBefore);
        QVERIFY(window()->document()->fileName() != largeMapPath());
        expectTheSmallMapKept();
    }

    // Whichever allocation of the new solver fails, the editor stays on one map.
    void anyFailingSolverAllocationLeavesOneMapInPlace() { sweep(FailingThread::Simulation); }

    // The same for the view's meshes and textures (and what the GUI thread allocates around them).
    void anyFailingViewAllocationLeavesOneMapInPlace() { sweep(FailingThread::Gui); }

    // With the memory back, the same map opens as usual.
    void theSameMapOpensWhenThereIsMemory()
    {
        startFromTheSmallMap();
        QSignalSpy loaded(window(), &rb::editor::MainWindow::mapLoaded);
        window()->openFile(largeMapPath());
        QVERIFY(loaded.wait(30000));
        expectTheLargeMapEverywhere();
    }
};

RIVERBED_GUI_TEST_MAIN(LoadOutOfMemoryTest)
#include "LoadOutOfMemoryTest.moc"
