#include "panels/BoundaryDock.h"

#include "panels/DockButton.h"
#include "panels/FittedDoubleSpinBox.h"
#include "ranges/ValueRanges.h"
#include "tools/UndoKeys.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QPushButton>
#include <QSignalBlocker>
#include <QSpinBox>
#include <QTableWidget>
#include <QVBoxLayout>

#include <algorithm>
#include <functional>

namespace rb::panels {

namespace {

enum BoundaryColumn { SideColumn, StartColumn, EndColumn, TypeColumn, ValueColumn, ColumnCount };
const Side kSides[] = {Side::North, Side::South, Side::East, Side::West};
const BoundaryType kTypes[] = {BoundaryType::Wall, BoundaryType::Outflow, BoundaryType::Sea, BoundaryType::Inflow};

template <typename T, std::size_t N>
int indexOf(const T (&items)[N], T item)
{
    for (std::size_t i = 0; i < N; ++i)
        if (items[i] == item) return static_cast<int>(i);
    return 0;
}

// A box for a cell index along a side: typed, not stepped (the table's rows are narrow), and
// applied when the typing ends; Ctrl+Z still undoes in the window.
QSpinBox* cellBox()
{
    auto* box = new QSpinBox;
    box->setButtonSymbols(QAbstractSpinBox::NoButtons);
    box->setKeyboardTracking(false);
    tools::passUndoKeysToWindow(box);
    return box;
}

} // namespace

BoundaryDock::BoundaryDock(QWidget* parent) : QDockWidget(tr("Boundary"), parent)
{
    setObjectName("BoundaryDock");
    auto* body = new QWidget(this);
    auto* layout = new QVBoxLayout(body);
    table_ = new QTableWidget(0, ColumnCount, body);
    table_->setObjectName("boundaryTable");
    table_->setHorizontalHeaderLabels({tr("Side"), tr("From"), tr("To"), tr("Type"), tr("Value")});
    table_->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    table_->horizontalHeader()->setStretchLastSection(true);
    table_->setSelectionBehavior(QAbstractItemView::SelectRows);
    table_->verticalHeader()->hide(); // the rows' order shows top to bottom; their numbers took 20 px
    table_->setToolTip(tr("Stretches of the map's edge and what they do; later rows override earlier ones, uncovered edges are walls"));
    layout->addWidget(table_);
    auto* buttons = new QHBoxLayout;
    add_ = dockButton(tr("Add"), "addSegment", tr("Add a segment covering the whole west side (then edit it)"), body);
    remove_ = dockButton(tr("Remove"), "removeSegment",
                         tr("Remove the selected segment (its edges fall back to what earlier rows say, or walls)"), body);
    buttons->addWidget(add_);
    buttons->addWidget(remove_);
    buttons->addStretch(1);
    layout->addLayout(buttons);
    setWidget(body);

    connect(add_, &QPushButton::clicked, this, [this] {
        std::vector<BoundarySegment> after = segments_;
        after.push_back(wholeSide(lattice_, Side::West, BoundaryType::Wall, 0.0));
        emit boundaryEdited(after, tr("Add boundary segment"), QString());
    });
    connect(remove_, &QPushButton::clicked, this, [this] {
        const int row = table_->currentRow();
        if (row < 0 || row >= static_cast<int>(segments_.size())) return;
        std::vector<BoundarySegment> after = segments_;
        after.erase(after.begin() + row);
        emit boundaryEdited(after, tr("Remove boundary segment"), QString());
    });
}

void BoundaryDock::setBoundary(const Lattice& lattice, const std::vector<BoundarySegment>& segments)
{
    lattice_ = lattice;
    segments_ = segments;
    const int current = table_->currentRow();
    table_->setRowCount(static_cast<int>(segments.size()));
    for (int row = 0; row < static_cast<int>(segments.size()); ++row) fillRow(row, segments[static_cast<std::size_t>(row)]);
    // The selection only: moving the current index (selectRow) would hand the focus to the row's
    // first widget, out of the box being typed in, at every edit, undo and redo.
    if (current >= 0 && current < table_->rowCount())
        table_->selectionModel()->select(table_->model()->index(current, 0), QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
    remove_->setEnabled(!segments.empty());
    fitTableWidth();
}

// The columns size to their boxes. Sized for its range (up to "1000000000.000 m³/s"), the value
// box made the table wider than the dock, which then scrolled sideways and cut the Value column
// off at 1280 px; the boxes are as wide as what they show instead (FittedDoubleSpinBox, and no
// step arrows on the numbers: the wheel and the keys still step them), so the columns fit the
// dock's usual width without widening the dock, which would narrow the 3D view.
void BoundaryDock::fitTableWidth()
{
    table_->resizeColumnsToContents();
}

void BoundaryDock::edit(int row, int column, const std::function<void(BoundarySegment&)>& change, const QString& description)
{
    if (row < 0 || row >= static_cast<int>(segments_.size())) return;
    std::vector<BoundarySegment> after = segments_;
    BoundarySegment& segment = after[static_cast<std::size_t>(row)];
    change(segment);
    const int length = sideLength(lattice_, segment.side);
    segment.start = std::clamp(segment.start, 0, length - 1);
    segment.end = std::clamp(segment.end, segment.start, length - 1);
    // A segment keeps its value when its type changes: bring it into the new type's range.
    if (segment.type == BoundaryType::Inflow) segment.value = std::clamp(segment.value, 0.0, ranges::kMaxRate);
    if (segment.type == BoundaryType::Sea) segment.value = std::clamp(segment.value, -ranges::kMaxSeaLevel, ranges::kMaxSeaLevel);
    if (after == segments_) return;
    emit boundaryEdited(after, description, QString("%1:%2").arg(row).arg(column));
}

// Widgets per cell, made once per row and then only updated: a widget must not be replaced (and
// deleted) while its own signal is running, which is when an edit comes back here. The boxes only
// produce valid, finite values (no NaN can be typed).
void BoundaryDock::fillRow(int row, const BoundarySegment& segment)
{
    if (!table_->cellWidget(row, SideColumn)) makeRowWidgets(row);
    auto* side = static_cast<QComboBox*>(table_->cellWidget(row, SideColumn));
    auto* start = static_cast<QSpinBox*>(table_->cellWidget(row, StartColumn));
    auto* end = static_cast<QSpinBox*>(table_->cellWidget(row, EndColumn));
    auto* type = static_cast<QComboBox*>(table_->cellWidget(row, TypeColumn));
    auto* value = static_cast<QDoubleSpinBox*>(table_->cellWidget(row, ValueColumn));
    const QSignalBlocker b1(side), b2(start), b3(end), b4(type), b5(value);
    side->setCurrentIndex(indexOf(kSides, segment.side));
    const int length = sideLength(lattice_, segment.side);
    start->setRange(0, std::max(0, length - 1));
    start->setValue(segment.start);
    end->setRange(0, std::max(0, length - 1));
    end->setValue(segment.end);
    type->setCurrentIndex(indexOf(kTypes, segment.type));
    const bool inflow = segment.type == BoundaryType::Inflow, sea = segment.type == BoundaryType::Sea;
    value->setRange(inflow ? 0.0 : -ranges::kMaxSeaLevel, sea ? ranges::kMaxSeaLevel : 1e6);
    value->setSuffix(inflow ? tr(" m³/s") : sea ? tr(" m") : QString());
    value->setEnabled(inflow || sea);
    value->setValue(segment.value);
    value->setToolTip(inflow ? tr("Discharge into the map through the whole segment")
                      : sea  ? tr("Sea level outside the segment")
                             : tr("Walls and outflows take no value"));
}

void BoundaryDock::makeRowWidgets(int row)
{
    auto* side = new QComboBox;
    for (Side s : kSides) side->addItem(QString::fromUtf8(sideName(s).data()));
    connect(side, &QComboBox::activated, this, [this, row](int i) {
        edit(row, SideColumn, [i](BoundarySegment& s) { s.side = kSides[i]; }, tr("Change boundary side"));
    });
    auto* start = cellBox();
    connect(start, &QSpinBox::valueChanged, this, [this, row](int v) {
        edit(row, StartColumn, [v](BoundarySegment& s) { s.start = v; s.end = std::max(s.end, v); }, tr("Change boundary start"));
    });
    auto* end = cellBox();
    connect(end, &QSpinBox::valueChanged, this, [this, row](int v) {
        edit(row, EndColumn, [v](BoundarySegment& s) { s.end = v; s.start = std::min(s.start, v); }, tr("Change boundary end"));
    });
    auto* type = new QComboBox;
    for (BoundaryType t : kTypes) type->addItem(QString::fromUtf8(boundaryTypeName(t).data()));
    connect(type, &QComboBox::activated, this, [this, row](int i) {
        edit(row, TypeColumn, [i](BoundarySegment& s) { s.type = kTypes[i]; }, tr("Change boundary type"));
    });
    auto* value = new FittedDoubleSpinBox;
    value->setButtonSymbols(QAbstractSpinBox::NoButtons);
    value->setDecimals(3);
    value->setKeyboardTracking(false);
    tools::passUndoKeysToWindow(value);
    connect(value, &QDoubleSpinBox::valueChanged, this, [this, row](double v) {
        edit(row, ValueColumn, [v](BoundarySegment& s) { s.value = v; }, tr("Change boundary value"));
    });
    // Frameless, as editors in a table's cells usually are: the grid draws the cells' edges, and
    // the frames' pixels are what the Value column lacked at 1280 px.
    for (QWidget* box : std::initializer_list<QWidget*>{side, start, end, type, value}) {
        if (auto* combo = qobject_cast<QComboBox*>(box)) combo->setFrame(false);
        if (auto* spin = qobject_cast<QAbstractSpinBox*>(box)) spin->setFrame(false);
    }
    table_->setCellWidget(row, SideColumn, side);
    table_->setCellWidget(row, StartColumn, start);
    table_->setCellWidget(row, EndColumn, end);
    table_->setCellWidget(row, TypeColumn, type);
    table_->setCellWidget(row, ValueColumn, value);
}

} // namespace rb::panels
