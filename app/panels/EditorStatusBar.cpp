#include "panels/EditorStatusBar.h"

#include "view/FlowSpeed.h"

#include <QLabel>
#include <QProgressBar>

namespace rb::panels {

EditorStatusBar::EditorStatusBar(QWidget* parent) : QStatusBar(parent)
{
    cellReadout_ = new QLabel(this);
    cellReadout_->setObjectName("cellReadout");
    cellReadout_->setToolTip(tr("The cell under the cursor: position, bed, water depth, water surface and speed"));
    solverLabel_ = new QLabel(this);
    solverLabel_->setToolTip(tr("The solver running the simulation"));
    busyBar_ = new QProgressBar(this);
    busyBar_->setObjectName("busyBar");
    busyBar_->setRange(0, 0); // busy without a measure; saving shows its percentage
    busyBar_->setMaximumWidth(120);
    busyBar_->setVisible(false);
    addPermanentWidget(cellReadout_);
    addPermanentWidget(busyBar_);
    addPermanentWidget(solverLabel_);
}

QString EditorStatusBar::describeCell(const MapState& state, CellCoord cell)
{
    const float bed = state.bed(cell.x, cell.y), depth = state.depth(cell.x, cell.y);
    return tr("x %1, y %2 · bed %3 m · depth %4 m · surface %5 m · speed %6 m/s")
        .arg(cell.x)
        .arg(cell.y)
        .arg(bed, 0, 'f', 2)
        .arg(depth, 0, 'f', 2)
        .arg(bed + depth, 0, 'f', 2)
        .arg(view::cellSpeed(state, cell.x, cell.y), 0, 'f', 2);
}

void EditorStatusBar::showState(std::shared_ptr<const MapState> state)
{
    state_ = std::move(state);
    updateReadout();
}

void EditorStatusBar::hoverCell(CellCoord cell)
{
    hovered_ = cell;
    updateReadout();
}

void EditorStatusBar::leaveCells()
{
    hovered_.reset();
    cellReadout_->clear();
}

void EditorStatusBar::updateReadout()
{
    if (state_ && hovered_ && state_->lattice.contains(hovered_->x, hovered_->y))
        cellReadout_->setText(describeCell(*state_, *hovered_));
}

void EditorStatusBar::showSolver(const QString& name)
{
    solverLabel_->setText(name);
}

void EditorStatusBar::jobStarted(const QString& description)
{
    busyBar_->setRange(0, 0);
    busyBar_->setVisible(true);
    busyMessage_ = description;
    showMessage(description);
}

// Saving and exporting large maps take seconds: the bar shows how far the work is.
void EditorStatusBar::jobProgress(int percent)
{
    busyBar_->setRange(0, 100);
    busyBar_->setValue(percent);
}

void EditorStatusBar::jobsIdle()
{
    busyBar_->setVisible(false);
    busyBar_->setRange(0, 0);
    if (currentMessage() == busyMessage_) clearMessage();
    busyMessage_.clear();
}

} // namespace rb::panels
