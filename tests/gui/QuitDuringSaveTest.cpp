// Issue 16: File › Quit while a save is being written (made slow on purpose) lets the save finish,
// marks the map saved, and only then closes and quits; the file holds exactly the runner's map
// and the recovery file is gone. Once a save's job captured the window, which a quit destroyed.
#include "GuiTestSupport.h"

#include "session/EditingSession.h"
#include "document/JobTracker.h"
#include "document/MapDocument.h"
#include "io/map/MapFile.h"

#include <QApplication>
#include <QFile>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTimer>

using namespace std::chrono_literals;

class QuitDuringSaveTest : public QObject {
    Q_OBJECT

private:
    rb::guitest::Editor editor_;
    rb::editor::MainWindow* window() { return editor_.window.get(); }
    rb::editor::EditingSession* session() { return window()->session(); }

private slots:
    void initTestCase()
    {
        editor_ = rb::guitest::openEditor(48);
    }

    void cleanupTestCase()
    {
        QVERIFY2(editor_.errors->isEmpty(), qPrintable(editor_.errors->join("\n")));
        editor_.window.reset(); // a clean end: nothing left running
    }

    // An autosave while the water has moved writes the recovery file; the save that follows
    // removes it (nothing unsaved is left to recover).
    void autosaveWritesTheRecoveryFileAndASaveRemovesIt()
    {
        QVERIFY(rb::guitest::simulate(*window(), 10));
        // The title's "*" follows on the view's next tick.
        QVERIFY(rb::guitest::waitUntil([this] { return window()->document()->isModified(); }, 2000));
        QSignalSpy autosaved(session(), &rb::editor::EditingSession::autosaved);
        session()->autosave();
        QVERIFY(autosaved.wait(20000));
        const QString recovery = session()->recoveryFiles().mapPath();
        QVERIFY2(QFile::exists(recovery), qPrintable(recovery));
        QString error;
        const auto autosavedMap = rb::io::readMapFile(recovery, &error);
        QVERIFY2(autosavedMap, qPrintable(error));
        QCOMPARE(autosavedMap->state.steps, 10);

        QTemporaryDir dir;
        QSignalSpy saved(window(), &rb::editor::MainWindow::saveFinished);
        window()->saveAs(dir.filePath("saved.rbmap"));
        QVERIFY(saved.wait(20000));
        QVERIFY(saved.first().first().toBool());
        QVERIFY(!QFile::exists(recovery));
        QVERIFY(!window()->document()->isModified());
    }

    void quitDuringASlowSaveFinishesTheSaveFirst()
    {
        QVERIFY(rb::guitest::simulate(*window(), 25)); // unsaved water
        QVERIFY(rb::guitest::waitUntil([this] { return window()->document()->isModified(); }, 2000));
        auto expected = rb::guitest::readRunnerMap(*window()); // paused: what the save will write
        QVERIFY(expected);
        expected->generatorSettings = window()->document()->map().generatorSettings;

        auto asked = std::make_shared<int>(0);
        rb::editor::UserPrompts prompts;
        prompts.askUnsaved = [asked](QWidget*, const QString&, const QString&) {
            ++*asked;
            return rb::editor::UserPrompts::Unsaved::Discard; // a window that closed without waiting would take this
        };
        prompts.showError = [errors = editor_.errors](QWidget*, const QString& title, const QString& message) {
            errors->append(title + ": " + message);
        };
        window()->setPrompts(prompts);
        session()->setWriteDelay(1500ms);

        QTemporaryDir dir;
        const QString path = dir.filePath("slow.rbmap");
        QSignalSpy saved(window(), &rb::editor::MainWindow::saveFinished);
        int savesFinishedAtClose = -1;
        bool busyAtClose = true;
        connect(qApp, &QGuiApplication::lastWindowClosed, this, [&] {
            savesFinishedAtClose = static_cast<int>(saved.count());
            busyAtClose = window()->isBusy();
        });
        // In the application's own event loop, as in main(): the last window closing quits it
        // (exec() returns 0); the guard ends it with 99 if the editor stays open.
        QTimer guard;
        guard.setSingleShot(true);
        connect(&guard, &QTimer::timeout, qApp, [] { QCoreApplication::exit(99); });
        guard.start(20000);
        QTimer::singleShot(0, window(), [this, path] {
            window()->saveAs(path);
            window()->action("quit")->trigger(); // the save has not even got the map yet
        });
        const int exitCode = QApplication::exec();
        guard.stop();
        session()->setWriteDelay(0ms);

        QCOMPARE(exitCode, 0);
        QVERIFY(!window()->isVisible());
        QCOMPARE(savesFinishedAtClose, 1); // the save finished before the window closed
        QVERIFY(!busyAtClose);
        QVERIFY(saved.first().first().toBool());
        QCOMPARE(*asked, 0); // saved, so nothing to ask about
        QString error;
        const auto written = rb::io::readMapFile(path, &error);
        QVERIFY2(written, qPrintable(error));
        QVERIFY(rb::io::encodeMap(*written) == rb::io::encodeMap(*expected));
        QVERIFY(!QFile::exists(session()->recoveryFiles().mapPath()));
    }
};

RIVERBED_GUI_TEST_MAIN(QuitDuringSaveTest)
#include "QuitDuringSaveTest.moc"
