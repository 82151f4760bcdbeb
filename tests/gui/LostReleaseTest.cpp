// A brush stroke whose button release never reaches the 3D view (a modal dialog opened by a
// shortcut or a background job took it, another window took the focus, or the release happened
// elsewhere) ends as if released: the brush stops dabbing, the stroke is one undoable command with
// what was painted so far, undo takes it back, and the next press in the view paints again
// instead of orbiting.
#include "GuiTestSupport.h"
#include "TestScenes.h"

#include "document/MapDocument.h"
#include "tools/BrushTool.h"
#include "tools/ToolManager.h"
#include "view/Viewport.h"

#include <QAction>
#include <QMessageBox>
#include <QTimer>
#include <QUndoStack>
#include <QWidget>
#include <QWindow>

#include <memory>

// A check in a helper: the test function stops at the helper's first failure.
#define CHECKED(call)                                                                                                  \
    do {                                                                                                               \
        call;                                                                                                          \
        if (QTest::currentTestFailed()) return;                                                                        \
    } while (false)

class LostReleaseTest : public QObject {
    Q_OBJECT

private:
    rb::guitest::Editor editor_;
    std::unique_ptr<QWidget> elsewhere_; // another top-level window of the application
    rb::tools::BrushTool* brush_ = nullptr;
    rb::FloatField before_;
    int commands_ = 0;

    rb::editor::MainWindow* window() { return editor_.window.get(); }
    QWindow* view() { return window()->viewport()->renderWindow(); }
    QUndoStack* stack() { return window()->document()->undoStack(); }
    const rb::FloatField& bed() { return window()->document()->map().state.bed; }
    QPoint cell(int x, int y) { return rb::guitest::pixelOfCell(*window(), x, y); }

    void pressAt(QPoint at)
    {
        QTest::mouseMove(view(), at);
        QTest::mousePress(view(), Qt::LeftButton, Qt::NoModifier, at);
    }

    // The button comes up where the 3D view does not see it.
    void releaseElsewhere()
    {
        QTest::mouseRelease(elsewhere_->windowHandle(), Qt::LeftButton, Qt::NoModifier, QPoint(20, 20));
    }

    // The stroke has ended as one command, and the brush has stopped: the bed stays as it is.
    void strokeEndedAsOneCommand()
    {
        QVERIFY(!brush_->isBusy());
        QCOMPARE(stack()->count(), commands_ + 1);
        QCOMPARE(stack()->index(), commands_ + 1);
        QVERIFY(bed() != before_); // what was painted so far is kept
        QVERIFY(window()->isWindowModified());
        const rb::FloatField painted = bed();
        QTest::qWait(700); // the held-still repeat would have dabbed three times by now
        QVERIFY(bed() == painted);
        QCOMPARE(stack()->count(), commands_ + 1);
    }

    // Undo (as the user asks for it: refused while a stroke is open) takes the stroke back.
    void undoTakesItBack()
    {
        window()->action("undo")->trigger();
        QCOMPARE(stack()->index(), commands_);
        QVERIFY(bed() == before_);
    }

    // A press in the view paints (one more command) and does not orbit the camera.
    void theNextPressPaints()
    {
        const QVector3D eye = window()->viewport()->camera().eye();
        const int index = stack()->index();
        const rb::FloatField was = bed();
        rb::guitest::dragThrough(*window(), {cell(30, 30), cell(34, 30)});
        QCOMPARE(stack()->index(), index + 1);
        QVERIFY(bed() != was);
        QCOMPARE(window()->viewport()->camera().eye(), eye);
    }

private slots:
    void initTestCase()
    {
        editor_ = rb::guitest::openEditor(64);
        QVERIFY(rb::guitest::openMap(*window(), rb::guitest::flatWalledBasin()));
        rb::guitest::lookStraightDown(*window());
        elsewhere_ = std::make_unique<QWidget>();
        elsewhere_->setWindowTitle("elsewhere");
        elsewhere_->resize(200, 150);
        elsewhere_->show();
        QVERIFY(QTest::qWaitForWindowExposed(elsewhere_.get()));
        QVERIFY(rb::guitest::activate(*window()));
    }

    void cleanupTestCase()
    {
        QVERIFY2(editor_.errors->isEmpty(), qPrintable(editor_.errors->join("\n")));
        elsewhere_.reset();
        editor_.window.reset();
    }

    void init()
    {
        auto* manager = window()->toolManager();
        manager->setActiveTool(manager->tool("navigate")); // whatever an earlier failure left open ends here
        brush_ = static_cast<rb::tools::BrushTool*>(manager->tool("raise"));
        manager->setActiveTool(brush_);
        brush_->setRadiusCells(4.0);
        brush_->setStrength(0.5);
        brush_->setFalloff(0.5);
        if (!window()->isActiveWindow()) QVERIFY(rb::guitest::activate(*window()));
        before_ = bed();
        commands_ = stack()->index(); // a new command drops what undo left to redo
    }

    // The repro: a modal dialog (a shortcut's, or a background job's message box) opens while the
    // button is held; the button comes up over the dialog, which is closed with Esc.
    void aModalDialogEndsTheStroke()
    {
        pressAt(cell(16, 16));
        QTest::qWait(450); // held still: a couple of repeat dabs
        QVERIFY(brush_->isBusy());
        QMessageBox box(QMessageBox::Information, "Export", "Wrote the engine bundle", QMessageBox::Ok, window());
        bool busyWhileShown = true, dabbedWhileShown = true, exposedWhileShown = false;
        int commandsWhileShown = -1;
        QTimer::singleShot(0, &box, [&] {
            exposedWhileShown = QTest::qWaitForWindowExposed(&box);
            busyWhileShown = brush_->isBusy();
            commandsWhileShown = stack()->count();
            const rb::FloatField shown = bed();
            QTest::qWait(700);
            dabbedWhileShown = bed() != shown;
            QTest::mouseRelease(box.windowHandle(), Qt::LeftButton, Qt::NoModifier, QPoint(10, 10));
            QTest::keyClick(&box, Qt::Key_Escape);
        });
        box.exec();
        QVERIFY(exposedWhileShown);
        QVERIFY(!busyWhileShown);
        QCOMPARE(commandsWhileShown, commands_ + 1);
        QVERIFY(!dabbedWhileShown);
        CHECKED(strokeEndedAsOneCommand());
        CHECKED(undoTakesItBack());
        CHECKED(theNextPressPaints());
    }

    // The same with the dialog shown without a nested event loop (QDialog::open, show()): the
    // stroke ends as the dialog blocks the window, before any event loop runs.
    void aModalDialogShownWithoutExecEndsIt()
    {
        pressAt(cell(16, 16));
        QVERIFY(brush_->isBusy());
        QMessageBox box(QMessageBox::Warning, "Export", "Cannot write", QMessageBox::Ok, window());
        box.setWindowModality(Qt::ApplicationModal);
        box.show(); // blocks the editor's windows there and then (QEvent::WindowBlocked)
        QVERIFY(!brush_->isBusy());
        QCOMPARE(stack()->count(), commands_ + 1);
        QVERIFY(QTest::qWaitForWindowExposed(&box));
        QTest::mouseRelease(box.windowHandle(), Qt::LeftButton, Qt::NoModifier, QPoint(10, 10));
        box.close();
        CHECKED(strokeEndedAsOneCommand());
        CHECKED(undoTakesItBack());
        CHECKED(theNextPressPaints());
    }

    // The release went elsewhere and no event reaches the view: the next tick finds the button up.
    void aLostReleaseEndsTheStrokeAtTheNextTick()
    {
        pressAt(cell(16, 16));
        QTest::mouseMove(view(), cell(20, 16));
        QVERIFY(brush_->isBusy());
        releaseElsewhere();
        QVERIFY(QTest::qWaitFor([&] { return !brush_->isBusy(); }, 1000));
        CHECKED(strokeEndedAsOneCommand());
        CHECKED(undoTakesItBack());
        CHECKED(theNextPressPaints());
    }

    // A move over the view with the button up ends the stroke there and then.
    void aMoveWithTheButtonUpEndsTheStroke()
    {
        pressAt(cell(16, 16));
        QVERIFY(brush_->isBusy());
        releaseElsewhere();
        QTest::mouseMove(view(), cell(24, 24)); // no event loop in between: the move itself ends it
        QVERIFY(!brush_->isBusy());
        QCOMPARE(stack()->count(), commands_ + 1);
        QVERIFY(bed()(24, 24) == before_(24, 24)); // not painted on the way with the button up
        CHECKED(strokeEndedAsOneCommand());
        CHECKED(undoTakesItBack());
        CHECKED(theNextPressPaints());
    }

    // A new press while the stroke is still open: the open one ends (its own command) and the new
    // press starts a stroke of its own rather than orbiting the camera.
    void aNewPressEndsTheOpenStrokeAndStartsAnother()
    {
        const QVector3D eye = window()->viewport()->camera().eye();
        pressAt(cell(12, 12));
        QVERIFY(brush_->isBusy());
        const rb::FloatField first = bed();
        QTest::mousePress(view(), Qt::LeftButton, Qt::NoModifier, cell(36, 36)); // the release was lost
        QCOMPARE(stack()->count(), commands_ + 1);
        QVERIFY(brush_->isBusy());
        QVERIFY(bed()(36, 36) > before_(36, 36)); // the new stroke's first dab
        QTest::mouseMove(view(), cell(36, 30));
        QTest::mouseRelease(view(), Qt::LeftButton, Qt::NoModifier, cell(36, 30));
        QVERIFY(!brush_->isBusy());
        QCOMPARE(stack()->count(), commands_ + 2);
        QCOMPARE(window()->viewport()->camera().eye(), eye);
        stack()->undo();
        QVERIFY(bed() == first);
        stack()->undo();
        QVERIFY(bed() == before_);
    }

    // Another window takes the focus while the button is held: the stroke ends; the rest of the
    // press (still held, back over the view) neither paints nor orbits.
    void losingTheFocusEndsTheStroke()
    {
        const QVector3D eye = window()->viewport()->camera().eye();
        pressAt(cell(16, 16));
        QVERIFY(brush_->isBusy());
        elsewhere_->activateWindow();
        elsewhere_->windowHandle()->requestActivate();
        QVERIFY(QTest::qWaitForWindowActive(elsewhere_.get(), 10000));
        QVERIFY(!brush_->isBusy());
        QCOMPARE(stack()->count(), commands_ + 1);
        const rb::FloatField painted = bed();
        QTest::mouseMove(view(), cell(24, 16));
        QTest::mouseMove(view(), cell(30, 20));
        QVERIFY(bed() == painted);
        QCOMPARE(window()->viewport()->camera().eye(), eye);
        QTest::mouseRelease(view(), Qt::LeftButton, Qt::NoModifier, cell(30, 20));
        QVERIFY(rb::guitest::activate(*window()));
        CHECKED(strokeEndedAsOneCommand());
        CHECKED(undoTakesItBack());
        CHECKED(theNextPressPaints());
    }
};

RIVERBED_GUI_TEST_MAIN(LostReleaseTest)
#include "LostReleaseTest.moc"
