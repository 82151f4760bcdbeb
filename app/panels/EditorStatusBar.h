#pragma once

#include "model/MapState.h"

#include <QStatusBar>

#include <memory>
#include <optional>

class QLabel;
class QProgressBar;

namespace rb::panels {

// The editor's status bar: messages on the left; on the right the cell under the cursor (from the
// newest state drawn), a busy bar while background jobs run (with a percentage when the job
// reports one) and the solver in use.
class EditorStatusBar : public QStatusBar {
    Q_OBJECT
public:
    explicit EditorStatusBar(QWidget* parent = nullptr);

    QLabel* cellReadout() const { return cellReadout_; }
    static QString describeCell(const MapState& state, CellCoord cell);

    void showState(std::shared_ptr<const MapState> state); // the state drawn now
    void hoverCell(CellCoord cell);
    void leaveCells();
    void showSolver(const QString& name);

    void jobStarted(const QString& description);
    void jobProgress(int percent);
    void jobsIdle(); // what a job said when it finished ("Saved …") stays; only the busy text goes

private:
    void updateReadout();

    QLabel* cellReadout_ = nullptr;
    QLabel* solverLabel_ = nullptr;
    QProgressBar* busyBar_ = nullptr;
    std::shared_ptr<const MapState> state_;
    std::optional<CellCoord> hovered_;
    QString busyMessage_;
};

} // namespace rb::panels
