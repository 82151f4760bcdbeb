#pragma once

#include <QDockWidget>

class QUndoStack;
class QUndoView;

namespace rb::panels {

// The document's undo stack as a list: every edit by name; clicking one goes back (or forward) to it.
class UndoHistoryDock : public QDockWidget {
    Q_OBJECT
public:
    explicit UndoHistoryDock(QUndoStack* stack, QWidget* parent = nullptr);
    QUndoView* view() const { return view_; }
    // Locked while erosion runs: the list shows the history but cannot jump through it.
    void setHistoryLocked(bool locked);

private:
    QUndoView* view_ = nullptr;
};

} // namespace rb::panels
