// Redo answers every key users reach for: the platform's standard Redo keys (Ctrl+Shift+Z on
// GNOME) and Ctrl+Y (Windows, KDE), pressed as real keys in the editor window.
#include "GuiTestSupport.h"

#include "document/MapDocument.h"
#include "tools/BrushTool.h"
#include "tools/ToolManager.h"

#include <QUndoStack>

class RedoKeysTest : public QObject {
    Q_OBJECT

private:
    rb::guitest::Editor editor_;
    rb::editor::MainWindow* window() { return editor_.window.get(); }
    QUndoStack* stack() { return window()->document()->undoStack(); }

private slots:
    void initTestCase()
    {
        editor_ = rb::guitest::openEditor(48);
        rb::guitest::lookStraightDown(*window());
        auto* manager = window()->toolManager();
        manager->setActiveTool(manager->tool("raise"));
        const QPoint centre = rb::guitest::pixelOfCell(*window(), 24, 24);
        rb::guitest::dragThrough(*window(), {centre, centre});
        manager->setActiveTool(manager->tool("navigate"));
        QCOMPARE(stack()->index(), 1);
        QVERIFY(rb::guitest::activate(*window()));
    }

    void cleanupTestCase()
    {
        QVERIFY2(editor_.errors->isEmpty(), qPrintable(editor_.errors->join("\n")));
        editor_.window.reset();
    }

    void redoKeys_data()
    {
        QTest::addColumn<QKeySequence>("keys");
        for (const QKeySequence& keys : QKeySequence::keyBindings(QKeySequence::Redo))
            QTest::newRow(qPrintable("standard " + keys.toString())) << keys;
        QTest::newRow("Ctrl+Y") << QKeySequence(Qt::CTRL | Qt::Key_Y);
    }

    void redoKeys()
    {
        QFETCH(QKeySequence, keys);
        stack()->undo();
        QCOMPARE(stack()->index(), 0);
        const QKeyCombination key = keys[0];
        QTest::keyClick(window()->windowHandle(), key.key(), key.keyboardModifiers());
        QCOMPARE(stack()->index(), 1);
    }
};

RIVERBED_GUI_TEST_MAIN(RedoKeysTest)
#include "RedoKeysTest.moc"
