#include "editor/UndoActions.h"

#include "document/MapDocument.h"
#include "panels/EditorStatusBar.h"
#include "tools/ToolManager.h"

#include <QAction>
#include <QMainWindow>
#include <QMenu>
#include <QUndoStack>

namespace rb::editor {

UndoActions::UndoActions(QMainWindow* window, MapDocument* document, tools::ToolManager* tools, panels::EditorStatusBar* statusBar)
    : QObject(window), document_(document), tools_(tools), statusBar_(statusBar)
{
    QUndoStack* stack = document_->undoStack();
    undo_ = stack->createUndoAction(window);
    undo_->setObjectName("undo");
    undo_->setShortcut(QKeySequence::Undo);
    redo_ = stack->createRedoAction(window);
    redo_->setObjectName("redo");
    redo_->setShortcuts(redoShortcuts());
    disconnect(undo_, &QAction::triggered, stack, &QUndoStack::undo);
    disconnect(redo_, &QAction::triggered, stack, &QUndoStack::redo);
    connect(undo_, &QAction::triggered, this, [this] { stepUnlessBusy(&QUndoStack::undo); });
    connect(redo_, &QAction::triggered, this, [this] { stepUnlessBusy(&QUndoStack::redo); });
}

void UndoActions::fillMenu(QMenu* edit)
{
    edit->addActions({undo_, redo_});
}

QList<QKeySequence> UndoActions::redoShortcuts()
{
    QList<QKeySequence> keys = QKeySequence::keyBindings(QKeySequence::Redo);
    const QKeySequence ctrlY(Qt::CTRL | Qt::Key_Y);
    if (!keys.contains(ctrlY)) keys.append(ctrlY);
    return keys;
}

// Not in the middle of a stroke: the stroke's command records the terrain as it was at the press,
// which an undo underneath it would make wrong. While erosion runs the document's terrain is behind
// the simulation's until the run ends as its own undo step: pausing first keeps every step's
// terrain exact.
void UndoActions::stepUnlessBusy(void (QUndoStack::*step)())
{
    if (tools_->isBusy()) return statusBar_->showMessage(tr("Finish the stroke first (release the button or press Esc)"), 5000);
    if (document_->isErosionRunning()) return statusBar_->showMessage(tr("Pause the simulation first: erosion is changing the terrain"), 5000);
    (document_->undoStack()->*step)();
}

} // namespace rb::editor
