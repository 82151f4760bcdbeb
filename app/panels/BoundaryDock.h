#pragma once

#include "lattice/Lattice.h"
#include "model/BoundarySegment.h"

#include <QDockWidget>

#include <functional>
#include <vector>

class QTableWidget;
class QPushButton;

namespace rb::panels {

// The map's boundary segments as a table (side, first and last cell, type, value), edited
// numerically: every change is reported as the whole new list (one undoable command for the
// window to push). Later rows override earlier ones; edges no row covers are walls.
class BoundaryDock : public QDockWidget {
    Q_OBJECT
public:
    explicit BoundaryDock(QWidget* parent = nullptr);

    void setBoundary(const Lattice& lattice, const std::vector<BoundarySegment>& segments); // shows, reports nothing
    QTableWidget* table() const { return table_; }

signals:
    // `mergeKey` names the box edited ("row:column"), so that stepping one box is one undo step.
    void boundaryEdited(const std::vector<rb::BoundarySegment>& segments, const QString& description, const QString& mergeKey);

private:
    void fitTableWidth();
    void fillRow(int row, const BoundarySegment& segment);
    void makeRowWidgets(int row);
    void edit(int row, int column, const std::function<void(BoundarySegment&)>& change, const QString& description);

    QTableWidget* table_ = nullptr;
    QPushButton* add_ = nullptr;
    QPushButton* remove_ = nullptr;
    Lattice lattice_;
    std::vector<BoundarySegment> segments_;
};

} // namespace rb::panels
