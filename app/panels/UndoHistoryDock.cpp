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

void UndoHistoryDock::setHistoryLocked(bool locked)
{
    if (view_->isEnabled() == !locked) return;
    view_->setEnabled(!locked);
    view_->setToolTip(locked ? tr("Pause the simulation first: erosion is changing the terrain")
                             : tr("Every edit since the map was opened, generated or imported; click one to go back to it"));
}

} // namespace rb::panels
