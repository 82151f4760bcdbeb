#pragma once

#include <QKeySequence>
#include <QList>
#include <QObject>

class QAction;
class QMainWindow;
class QMenu;
class QUndoStack;

namespace rb::tools {
class ToolManager;
}
namespace rb::panels {
class EditorStatusBar;
}

namespace rb::editor {

class MapDocument;

// Edit › Undo and Redo on the document's history, refused (with a word in the status bar) in the
// middle of a stroke and while erosion is changing the terrain.
class UndoActions : public QObject {
    Q_OBJECT
public:
    UndoActions(QMainWindow* window, MapDocument* document, tools::ToolManager* tools, panels::EditorStatusBar* statusBar);

    void fillMenu(QMenu* edit);
    // The platform's Redo keys (Ctrl+Shift+Z on GNOME and macOS) and Ctrl+Y, which Windows and KDE
    // users expect everywhere.
    static QList<QKeySequence> redoShortcuts();

private:
    void stepUnlessBusy(void (QUndoStack::*step)());

    MapDocument* document_;
    tools::ToolManager* tools_;
    panels::EditorStatusBar* statusBar_;
    QAction* undo_ = nullptr;
    QAction* redo_ = nullptr;
};

} // namespace rb::editor
