// File › Quit with unsaved changes asks once; answered Discard, the editor closes and the
// application quits. Once Discard left it open ('untitled*').
#include "GuiTestSupport.h"

#include "document/MapDocument.h"
#include "tools/ToolManager.h"

#include <QApplication>
#include <QTimer>

class QuitDiscardTest : public QObject {
    Q_OBJECT

private:
    rb::guitest::Editor editor_;
    rb::editor::MainWindow* window() { return editor_.window.get(); }

private slots:
    void initTestCase()
    {
        editor_ = rb::guitest::openEditor(48);
        rb::guitest::lookStraightDown(*window());
    }

    void cleanupTestCase()
    {
        QVERIFY2(editor_.errors->isEmpty(), qPrintable(editor_.errors->join("\n")));
        editor_.window.reset();
    }

    void quitThenDiscardCloses()
    {
        auto* manager = window()->toolManager();
        manager->setActiveTool(manager->tool("raise"));
        const QPoint centre = rb::guitest::pixelOfCell(*window(), 24, 24);
        rb::guitest::dragThrough(*window(), {centre, centre});
        QVERIFY(window()->document()->isModified());

        auto asked = std::make_shared<QStringList>();
        rb::editor::UserPrompts prompts;
        prompts.askUnsaved = [asked](QWidget*, const QString& name, const QString& action) {
            asked->append(name + " / " + action);
            return rb::editor::UserPrompts::Unsaved::Discard;
        };
        prompts.showError = [errors = editor_.errors](QWidget*, const QString& title, const QString& message) {
            errors->append(title + ": " + message);
        };
        window()->setPrompts(prompts);

        // Inside the application's own event loop, as in main(): closing the last window quits
        // it, so exec() returns 0; the guard ends it with 99 if the editor stays open.
        QTimer guard;
        guard.setSingleShot(true);
        connect(&guard, &QTimer::timeout, qApp, [] { QCoreApplication::exit(99); });
        guard.start(10000);
        QTimer::singleShot(0, window(), [this] { window()->action("quit")->trigger(); });
        const int exitCode = QApplication::exec();
        guard.stop();
        QCOMPARE(exitCode, 0);
        QVERIFY(!window()->isVisible());
        QCOMPARE(asked->size(), 1);
        QVERIFY2(asked->first().endsWith("quit"), qPrintable(asked->first()));
    }
};

RIVERBED_GUI_TEST_MAIN(QuitDiscardTest)
#include "QuitDiscardTest.moc"
