// Issue 16: with too little memory the editor says how much a map needs, in a dialog, and keeps
// the map it has. The process's address space is limited (as `ulimit -v` does) to a little more
// than it uses; then File › Open of a large valid map, the same map where only its solver does
// not fit, and a large generation are each refused with the size, and the map in place goes on
// running unchanged.
#include "AddressSpaceLimit.h"
#include "GuiTestSupport.h"

#include "session/EditingSession.h"
#include "document/MapDocument.h"
#include "generator/GeneratorSettings.h"
#include "io/map/MapFile.h"
#include "model/MemoryBudget.h"

#include <QSignalSpy>
#include <QTemporaryDir>

namespace {

using rb::guitest::AddressSpaceLimit;

constexpr int kLargeSide = 4096;

} // namespace

class MemoryLimitTest : public QObject {
    Q_OBJECT

private:
    rb::guitest::Editor editor_;
    QTemporaryDir dir_;
    rb::editor::MainWindow* window() { return editor_.window.get(); }

    QString largeMapPath() { return dir_.filePath("large.rbmap"); }

    // The map in place: its size and its bed, and the runner still stepping it.
    void expectTheSmallMapKept(const std::vector<float>& bed)
    {
        const rb::Map& map = window()->document()->map();
        QCOMPARE(map.state.lattice.width(), 48);
        QVERIFY(map.state.bed.values() == bed);
        const auto before = rb::guitest::readRunnerMap(*window());
        QVERIFY(before);
        QCOMPARE(before->state.lattice.width(), 48);
        QVERIFY(rb::guitest::simulate(*window(), 3));
    }

    // The error shown last: "… needs about N GB of memory, M GB are available".
    void expectSizeMessage(int errorsBefore)
    {
        QVERIFY(rb::guitest::waitUntil([&] { return editor_.errors->size() > errorsBefore; }, 30000));
        const QString shown = editor_.errors->last();
        QVERIFY2(shown.contains("needs about") && shown.contains("GB"), qPrintable(shown));
        QVERIFY2(shown.contains(QString("%1×%1").arg(kLargeSide)), qPrintable(shown));
    }

    void openUnderLimit(std::uint64_t headroom)
    {
        const std::vector<float> bed = window()->document()->map().state.bed.values();
        const int errorsBefore = static_cast<int>(editor_.errors->size());
        QSignalSpy loaded(window(), &rb::editor::MainWindow::mapLoaded);
        {
            AddressSpaceLimit limit(headroom);
            QVERIFY(limit.applied());
            window()->openFile(largeMapPath());
            expectSizeMessage(errorsBefore);
        }
        QCOMPARE(loaded.count(), 0);
        expectTheSmallMapKept(bed);
    }

private slots:
    void initTestCase()
    {
        QVERIFY(dir_.isValid());
        // A valid map whose arrays take 0.2 GB (a small file: its depths are all zero) and whose
        // solver needs about 0.8 GB more.
        rb::Map map;
        map.state = rb::MapState(rb::Lattice(rb::LatticeKind::Square, kLargeSide, kLargeSide, 1.0));
        map.boundary = {};
        QString error;
        QVERIFY2(rb::io::writeMapFile(largeMapPath(), map, &error), qPrintable(error));
        editor_ = rb::guitest::openEditor(48);
        QVERIFY(rb::guitest::simulate(*window(), 2));
    }

    void cleanupTestCase()
    {
        editor_.window.reset();
    }

    // 100 MB to spare: the map's own arrays do not fit; reading it stops before allocating them.
    void openingAMapTooLargeToReadKeepsTheMapInPlace() { openUnderLimit(100ull << 20); }

    // 500 MB to spare: the map can be read, its solver cannot be built.
    void openingAMapTooLargeToSimulateKeepsTheMapInPlace()
    {
        const rb::Lattice lattice(rb::LatticeKind::Square, kLargeSide, kLargeSide, 1.0);
        const std::uint64_t mapBytes = rb::MemoryBudget::mapBytes(lattice, rb::FlowModel::Pipes);
        const std::uint64_t solverBytes = rb::MemoryBudget::cpuSolverBytes(lattice, rb::FlowModel::Pipes);
        const std::uint64_t headroom = 500ull << 20;
        QVERIFY(mapBytes < headroom && headroom < solverBytes); // the case this test is about
        openUnderLimit(headroom);
    }

    void generatingTooLargeAMapKeepsTheMapInPlace()
    {
        const std::vector<float> bed = window()->document()->map().state.bed.values();
        const int errorsBefore = static_cast<int>(editor_.errors->size());
        rb::gen::GeneratorSettings settings(rb::gen::Preset::Island);
        settings.common.width = kLargeSide;
        settings.common.height = kLargeSide;
        QSignalSpy finished(window()->session(), &rb::editor::EditingSession::generationFinished);
        {
            AddressSpaceLimit limit(100ull << 20);
            QVERIFY(limit.applied());
            window()->generate(settings);
            QVERIFY(finished.wait(30000));
        }
        QCOMPARE(finished.first().first().toBool(), false);
        expectSizeMessage(errorsBefore);
        expectTheSmallMapKept(bed);
    }
};

RIVERBED_GUI_TEST_MAIN(MemoryLimitTest)
#include "MemoryLimitTest.moc"
