// The Help menu: the user guide from the resources, a shortcuts table read from the actions
// themselves (so changing a shortcut changes the table), and About with the Qt version and the
// OpenCL devices.
#include "GuiTestSupport.h"

#include "dialogs/AboutDialog.h"
#include "dialogs/ShortcutsDialog.h"
#include "dialogs/GuideBrowser.h"
#include "dialogs/UserGuideDialog.h"

#include <QAction>
#include <QMenu>
#include <QMenuBar>
#include <QPushButton>
#include <QScrollBar>
#include <QTextBlock>
#include <QTextImageFormat>
#include <QTableWidget>
#include <QTextBrowser>

using rb::editor::ShortcutsDialog;

class HelpMenuTest : public QObject {
    Q_OBJECT

private:
    rb::guitest::Editor editor_;
    rb::editor::MainWindow* window() { return editor_.window.get(); }

private slots:
    void initTestCase() { editor_ = rb::guitest::openEditor(32); }

    void menuHasTheThreeActions()
    {
        auto* help = window()->menuBar()->findChild<QMenu*>("helpMenu");
        QVERIFY(help);
        const QList<QAction*> actions = help->actions();
        for (const char* name : {"userGuide", "keyboardShortcuts", "about"})
            QVERIFY2(actions.contains(window()->action(name)), name);
    }

    // F1 opens the walk through a first map (issue 32: it opened the technical reference), its
    // pictures no wider than the page, also after the window is made narrower; the reference is a
    // button away.
    void f1OpensTheGuideWithPicturesFittingTheWindow()
    {
        QVERIFY(rb::guitest::activate(*window()));
        QTest::keyClick(window(), Qt::Key_F1);
        auto* guide = window()->findChild<rb::editor::UserGuideDialog*>();
        QVERIFY(guide && guide->isVisible());
        QVERIFY(QTest::qWaitForWindowExposed(guide));
        QCOMPARE(guide->browser()->source().toString(), QString("qrc:/help/guide.md"));
        const QString text = guide->browser()->toPlainText();
        QVERIFY2(text.contains("Your first map") && !text.contains("# Your first map"), qPrintable(text.left(200)));
        for (int width : {900, 520}) {
            guide->resize(width, 600);
            QTest::qWait(50);
            const int page = static_cast<rb::editor::GuideBrowser*>(guide->browser())->pageWidth();
            int images = 0;
            for (QTextBlock block = guide->browser()->document()->begin(); block.isValid(); block = block.next())
                for (auto it = block.begin(); !it.atEnd(); ++it)
                    if (it.fragment().charFormat().isImageFormat()) {
                        const QTextImageFormat image = it.fragment().charFormat().toImageFormat();
                        ++images;
                        QVERIFY2(image.width() > 0 && image.width() <= page,
                                 qPrintable(QString("%1 is %2 px on a %3 px page").arg(image.name()).arg(image.width()).arg(page)));
                    }
            QCOMPARE(images, 4); // the guide's four pictures, all loaded
            QVERIFY2(guide->browser()->horizontalScrollBar()->maximum() == 0, "the page scrolls sideways");
        }
        auto* reference = guide->findChild<QPushButton*>("referenceButton");
        QVERIFY(reference);
        reference->click();
        const QString referenceText = guide->browser()->toPlainText();
        QVERIFY2(referenceText.contains("The editor (riverbed)") && referenceText.contains("Undo history dock"), qPrintable(referenceText.left(200)));
        guide->close();
    }

    void shortcutsAreTheActionsOwn()
    {
        window()->action("keyboardShortcuts")->trigger();
        auto* table = window()->findChild<ShortcutsDialog*>();
        QVERIFY(table);
        QAction* undo = window()->action("undo");
        const QString undoKeys = table->keysFor(ShortcutsDialog::plainText(undo));
        QCOMPARE(undoKeys, ShortcutsDialog::keysText(undo));
        QVERIFY2(undoKeys.contains(QKeySequence(QKeySequence::Undo).toString(QKeySequence::NativeText)), qPrintable(undoKeys));
        QVERIFY(table->keysFor(ShortcutsDialog::plainText(window()->action("redo"))).contains("Ctrl+Y"));
        QCOMPARE(table->keysFor(ShortcutsDialog::plainText(window()->action("playPause"))), QString("Space"));
        QCOMPARE(table->keysFor("Raise terrain"), QString("R")); // the tools' keys too
        QList<int> undoRows; // column 1 is the action's name (its tooltip, in column 3, may be the same text)
        for (int row = 0; row < table->table()->rowCount(); ++row)
            if (table->table()->item(row, 1)->text() == ShortcutsDialog::plainText(undo)) undoRows << row;
        QCOMPARE(undoRows.size(), 1);
        QCOMPARE(table->table()->item(undoRows.front(), 0)->text(), QString("Edit")); // its menu

        // Generated, not written down: a changed shortcut shows in the next table.
        QAction* frame = window()->action("frameMap");
        const QKeySequence original = frame->shortcut();
        frame->setShortcut(QKeySequence(Qt::CTRL | Qt::ALT | Qt::Key_G));
        window()->action("keyboardShortcuts")->trigger();
        QCOMPARE(window()->findChild<ShortcutsDialog*>()->keysFor("Frame map"), QString("Ctrl+Alt+G"));
        frame->setShortcut(original);
        window()->findChild<ShortcutsDialog*>()->close();
    }

    void aboutNamesVersionsAndDevices()
    {
        // The solver is made on the runner's thread and named once it runs: its first snapshot.
        QVERIFY(rb::guitest::waitForSnapshot(*window(), [](const auto&) { return true; }));
        QTest::qWait(50);
        window()->action("about")->trigger();
        auto* about = window()->findChild<rb::editor::AboutDialog*>();
        QVERIFY(about);
        const QString text = about->text();
        QVERIFY2(text.contains(QString("Qt %1").arg(qVersion())), qPrintable(text));
        QVERIFY2(text.contains("Riverbed " + rb::editor::AboutDialog::version()), qPrintable(text));
        QVERIFY(!rb::editor::AboutDialog::version().isEmpty());
        // The devices were listed while the editor started: a list or "none found", not "still looking".
        QVERIFY2(text.contains("OpenCL devices: ") && !text.contains("still looking"), qPrintable(text));
        QVERIFY2(!text.contains("Simulation: not running yet"), qPrintable(text));
        about->close();
    }
};

RIVERBED_GUI_TEST_MAIN(HelpMenuTest)
#include "HelpMenuTest.moc"
