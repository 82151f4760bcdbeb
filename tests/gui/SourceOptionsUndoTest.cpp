// The Springs and drains options bar shows the selected source as it is: after undo and redo (and
// any other change of the document's sources) the boxes show the source's current kind, rate and
// drain-all, and a change in one box changes that field only, so a value undo took back never
// comes back with the next edit.
#include "GuiTestSupport.h"
#include "TestScenes.h"

#include "document/MapDocument.h"
#include "tools/SourceTool.h"
#include "tools/ToolManager.h"
#include "view/Viewport.h"

#include <QAction>
#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QUndoStack>

using Kind = rb::PointSource::Kind;

// A check in a helper: the test function stops at the helper's first failure.
#define CHECKED(call)                                                                                                  \
    do {                                                                                                               \
        call;                                                                                                          \
        if (QTest::currentTestFailed()) return;                                                                        \
    } while (false)

class SourceOptionsUndoTest : public QObject {
    Q_OBJECT

private:
    rb::guitest::Editor editor_;
    rb::tools::SourceTool* tool_ = nullptr;
    QComboBox* kindBox_ = nullptr;
    QDoubleSpinBox* rateBox_ = nullptr;
    QCheckBox* drainAllBox_ = nullptr;

    rb::editor::MainWindow* window() { return editor_.window.get(); }
    QUndoStack* stack() { return window()->document()->undoStack(); }
    const rb::PointSource& source() { return window()->document()->map().sources.front(); }
    void undo() { window()->action("undo")->trigger(); }
    void redo() { window()->action("redo")->trigger(); }

    // What the bar shows is `kind` and `rate` (and the source holds the same).
    void barShows(Kind kind, double rate)
    {
        QCOMPARE(kindBox_->currentIndex(), kind == Kind::Spring ? 0 : 1);
        QCOMPARE(rateBox_->value(), rate);
        QCOMPARE(source().kind, kind);
        QCOMPARE(source().rate, rate);
    }

private slots:
    void initTestCase()
    {
        editor_ = rb::guitest::openEditor(64);
        QVERIFY(rb::guitest::openMap(*window(), rb::guitest::flatWalledBasin()));
        rb::guitest::lookStraightDown(*window());
        auto* manager = window()->toolManager();
        tool_ = static_cast<rb::tools::SourceTool*>(manager->tool("sources"));
        manager->setActiveTool(tool_);
        QWidget* options = tool_->optionsWidget();
        kindBox_ = options->findChild<QComboBox*>("kind");
        rateBox_ = options->findChild<QDoubleSpinBox*>("rate");
        drainAllBox_ = options->findChild<QCheckBox*>("drainAll");
        QVERIFY(kindBox_ && rateBox_ && drainAllBox_);
    }

    void cleanupTestCase()
    {
        QVERIFY2(editor_.errors->isEmpty(), qPrintable(editor_.errors->join("\n")));
        editor_.window.reset();
    }

    // Each test starts from one spring of 0.4 m³/s, placed with a click and selected.
    void init()
    {
        window()->document()->setSources({});
        stack()->clear();
        tool_->setKind(Kind::Spring); // for the sources placed from now on (none is selected)
        tool_->setDrainAll(false);
        rateBox_->setValue(0.4);
        QTest::mouseClick(window()->viewport()->renderWindow(), Qt::LeftButton, Qt::NoModifier,
                          rb::guitest::pixelOfCell(*window(), 24, 24));
        QCOMPARE(window()->document()->map().sources.size(), std::size_t(1));
        QCOMPARE(tool_->selected(), 0);
        QCOMPARE(stack()->index(), 1);
        CHECKED(barShows(Kind::Spring, 0.4));
        QVERIFY(!source().drainAll);
    }

    // The repro: the spring's rate set to 1000000 and undone, then its kind changed.
    void anUndoneRateStaysUndone()
    {
        rateBox_->setValue(1000000.0); // typed, and Enter
        QCOMPARE(source().rate, 1000000.0);
        QCOMPARE(stack()->index(), 2);
        undo();
        QCOMPARE(stack()->index(), 1);
        CHECKED(barShows(Kind::Spring, 0.4)); // the bar shows what undo put back

        QTest::keyClick(kindBox_, Qt::Key_Down); // Kind: Drain
        QCOMPARE(stack()->index(), 2);
        CHECKED(barShows(Kind::Drain, 0.4)); // the undone rate did not come back
        QVERIFY(drainAllBox_->isEnabled()); // a drain's option
        const auto running = rb::guitest::readRunnerMap(*window());
        QVERIFY(running && running->sources == window()->document()->map().sources);

        undo();
        CHECKED(barShows(Kind::Spring, 0.4));
        redo();
        CHECKED(barShows(Kind::Drain, 0.4));
    }

    // Each box changes its own field, and what undo took back stays back. (Changes in the bar to
    // one source in a row merge into one command: drain-all joins the kind change.)
    void eachBoxChangesItsOwnFieldOnly()
    {
        QTest::keyClick(kindBox_, Qt::Key_Down); // Kind: Drain
        drainAllBox_->setChecked(true);
        QCOMPARE(stack()->index(), 2);
        CHECKED(barShows(Kind::Drain, 0.4));
        QVERIFY(source().drainAll);
        undo(); // the kind and drain-all together
        QCOMPARE(stack()->index(), 1);
        CHECKED(barShows(Kind::Spring, 0.4));
        QVERIFY(!source().drainAll);
        QVERIFY(!drainAllBox_->isChecked());
        QVERIFY(!drainAllBox_->isEnabled()); // a spring's bar
        rateBox_->setValue(2.0); // the rate only: neither the drain nor drain-all come back
        QCOMPARE(stack()->index(), 2);
        CHECKED(barShows(Kind::Spring, 2.0));
        QVERIFY(!source().drainAll);
        undo();
        CHECKED(barShows(Kind::Spring, 0.4));
        redo();
        CHECKED(barShows(Kind::Spring, 2.0));
    }

    // The sources changed by something other than the bar (here the document directly): the bar
    // follows, and the next change in it keeps the new values.
    void theBarFollowsOtherChangesOfTheSources()
    {
        std::vector<rb::PointSource> sources = window()->document()->map().sources;
        sources.front().rate = 7.5;
        window()->document()->setSources(sources);
        QCOMPARE(tool_->selected(), 0);
        CHECKED(barShows(Kind::Spring, 7.5));
        QTest::keyClick(kindBox_, Qt::Key_Down); // Drain
        CHECKED(barShows(Kind::Drain, 7.5));
    }
};

RIVERBED_GUI_TEST_MAIN(SourceOptionsUndoTest)
#include "SourceOptionsUndoTest.moc"
