#include "panels/UndoHistoryDock.h"

#include <QUndoView>

namespace rb::panels {

UndoHistoryDock::UndoHistoryDock(QUndoStack* stack, QWidget* parent) : QDockWidget(tr("Undo history"), parent)
{
    setObjectName("UndoHistoryDock");
    view_ = new QUndoView(stack, this);
    view_->setEmptyLabel(tr("<map as opened>"));
    view_->setToolTip(tr("Every edit since the map was opened, generated or imported; click one to go back to it"));
    setWidget(view_);
}

} // namespace rb::panels
