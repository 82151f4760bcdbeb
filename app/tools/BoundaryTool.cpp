#include "tools/BoundaryTool.h"

#include "commands/SetBoundaryCommand.h"
#include "document/MapDocument.h"
#include "tools/OptionsRow.h"
#include "view/TerrainMesh.h"
#include "view/Viewport.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QSignalBlocker>

#include <algorithm>
#include <cmath>

namespace rb::tools {

namespace {

constexpr double kMaxInflow = 1e6;   // m³/s
constexpr double kMaxLevel = 1e5;    // m
const BoundaryType kTypes[] = {BoundaryType::Wall, BoundaryType::Outflow, BoundaryType::Sea, BoundaryType::Inflow};

QString typeLabel(BoundaryType type)
{
    switch (type) {
    case BoundaryType::Wall: return BoundaryTool::tr("Wall");
    case BoundaryType::Outflow: return BoundaryTool::tr("Outflow");
    case BoundaryType::Sea: return BoundaryTool::tr("Sea");
    case BoundaryType::Inflow: return BoundaryTool::tr("Inflow");
    }
    return QString();
}

} // namespace

BoundaryTool::BoundaryTool(ToolContext context, QObject* parent)
    : AbstractTool({"boundary", tr("Boundary"), QKeySequence(Qt::Key_B),
                   tr("Drag along the map's edge to make it a wall, an outflow, the sea or an inflow")}, std::move(context), parent)
{
    connect(document(), &editor::MapDocument::boundaryChanged, this, [this] { showOverlay(); });
}

QString BoundaryTool::statusHint() const
{
    return tr("%1: click or drag along the map's edge to set it to %2 · Esc cancels the selection")
        .arg(name(), typeLabel(type_).toLower());
}

double BoundaryTool::value() const
{
    if (type_ == BoundaryType::Inflow) return inflow_;
    if (type_ == BoundaryType::Sea) return seaLevel_;
    return 0.0;
}

void BoundaryTool::setType(BoundaryType type)
{
    type_ = type;
    syncOptions();
}

void BoundaryTool::setValue(double value)
{
    if (!std::isfinite(value)) return;
    if (type_ == BoundaryType::Inflow) inflow_ = std::clamp(value, 0.0, kMaxInflow);
    else if (type_ == BoundaryType::Sea) seaLevel_ = std::clamp(value, -kMaxLevel, kMaxLevel);
    syncOptions();
}

// Defaults scaled to the map: the sea at the map's own sea level, an inflow of a quarter of a
// cell's area per second (at least 1 m³/s).
void BoundaryTool::mapReplaced()
{
    selection_.reset();
    const Map& map = document()->map();
    seaLevel_ = view::seaLevelOf(map);
    inflow_ = std::max(1.0, std::round(0.25 * map.state.lattice.cellArea()));
    syncOptions();
}

void BoundaryTool::cancelInProgress()
{
    selection_.reset();
    showOverlay();
}

void BoundaryTool::showOverlay()
{
    viewport()->setBoundaryOverlay(document()->map().boundary, selection_);
}

std::optional<std::pair<Side, int>> BoundaryTool::edgeNear(const Lattice& lattice, CellCoord cell, int reach)
{
    const std::pair<int, Side> distances[] = {{cell.x, Side::West},
                                              {lattice.width() - 1 - cell.x, Side::East},
                                              {cell.y, Side::North},
                                              {lattice.height() - 1 - cell.y, Side::South}};
    const auto nearest = std::min_element(std::begin(distances), std::end(distances),
                                          [](const auto& a, const auto& b) { return a.first < b.first; });
    if (nearest->first > reach) return std::nullopt;
    const Side side = nearest->second;
    return std::pair{side, (side == Side::West || side == Side::East) ? cell.y : cell.x};
}

int BoundaryTool::positionAlong(Side side, CellCoord cell) const
{
    const int along = (side == Side::West || side == Side::East) ? cell.y : cell.x;
    return std::clamp(along, 0, sideLength(document()->map().state.lattice, side) - 1);
}

void BoundaryTool::mousePressed(const view::ViewportMouse& mouse)
{
    selection_.reset();
    if (!mouse.terrain) return showStatus(tr("Press on the map, along its edge"));
    const Lattice& lattice = document()->map().state.lattice;
    const int reach = std::max(3, std::min(lattice.width(), lattice.height()) / 20);
    const auto edge = edgeNear(lattice, mouse.terrain->cell, reach);
    if (!edge) return showStatus(tr("Press within %1 cells of the map's edge to select a stretch of it").arg(reach));
    selection_ = view::BoundaryHighlight{edge->first, edge->second, edge->second};
    showOverlay();
}

void BoundaryTool::mouseMoved(const view::ViewportMouse& mouse)
{
    if (!selection_ || !mouse.terrain) return;
    selection_->end = positionAlong(selection_->side, mouse.terrain->cell);
    showOverlay();
    showStatus(tr("%1 side, cells %2 to %3")
                   .arg(QString::fromUtf8(sideName(selection_->side).data()))
                   .arg(std::min(selection_->start, selection_->end))
                   .arg(std::max(selection_->start, selection_->end)));
}

void BoundaryTool::mouseReleased(const view::ViewportMouse& mouse)
{
    if (!selection_) return;
    if (mouse.terrain) selection_->end = positionAlong(selection_->side, mouse.terrain->cell);
    const view::BoundaryHighlight chosen = *selection_;
    selection_.reset();
    apply(chosen.side, std::min(chosen.start, chosen.end), std::max(chosen.start, chosen.end));
}

void BoundaryTool::mouseHovered(const view::ViewportMouse& mouse)
{
    bool nearEdge = false;
    if (mouse.terrain) {
        const Lattice& lattice = document()->map().state.lattice;
        nearEdge = edgeNear(lattice, mouse.terrain->cell, std::max(3, std::min(lattice.width(), lattice.height()) / 20)).has_value();
    }
    viewport()->setToolCursor(nearEdge ? Qt::CrossCursor : Qt::ForbiddenCursor);
}

void BoundaryTool::apply(Side side, int start, int end)
{
    const Lattice& lattice = document()->map().state.lattice;
    const int length = sideLength(lattice, side);
    start = std::clamp(start, 0, length - 1);
    end = std::clamp(end, start, length - 1);
    const std::vector<BoundarySegment> before = document()->map().boundary;
    std::vector<BoundarySegment> after;
    for (const BoundarySegment& s : before)
        if (!(s.side == side && s.start >= start && s.end <= end)) after.push_back(s); // covered entirely: dropped
    after.push_back(BoundarySegment{side, start, end, type_, value()});
    const QString text = tr("Set %1 boundary %2–%3 to %4")
                             .arg(QString::fromUtf8(sideName(side).data()))
                             .arg(start)
                             .arg(end)
                             .arg(typeLabel(type_).toLower());
    pushCommand(new commands::SetBoundaryCommand(document(), before, after, text));
    showStatus(text);
}

void BoundaryTool::syncOptions()
{
    if (!typeBox_) return;
    const QSignalBlocker b1(typeBox_), b2(valueBox_);
    typeBox_->setCurrentIndex(static_cast<int>(std::find(std::begin(kTypes), std::end(kTypes), type_) - std::begin(kTypes)));
    const bool inflow = type_ == BoundaryType::Inflow, sea = type_ == BoundaryType::Sea;
    valueBox_->setEnabled(inflow || sea);
    valueBox_->setRange(inflow ? 0.0 : -kMaxLevel, inflow ? kMaxInflow : kMaxLevel);
    valueBox_->setSuffix(inflow ? tr(" m³/s") : sea ? tr(" m") : QString());
    valueBox_->setValue(value());
    valueBox_->setToolTip(inflow ? tr("Discharge into the map through the whole stretch (m³/s)")
                          : sea  ? tr("Level of the sea outside the stretch (m): water enters and leaves")
                                 : tr("Walls and outflows take no value"));
}

QWidget* BoundaryTool::createOptions()
{
    auto* row = new OptionsRow;
    typeBox_ = new QComboBox;
    typeBox_->setObjectName("boundaryType");
    for (BoundaryType type : kTypes) typeBox_->addItem(typeLabel(type));
    row->addWidget(tr("Type"), typeBox_,
                   tr("Wall: no flow · Outflow: water leaves, nothing enters · Sea: a fixed level outside · Inflow: a discharge in"));
    connect(typeBox_, &QComboBox::activated, this, [this](int index) { setType(kTypes[index]); });
    valueBox_ = row->addNumber("boundaryValue", tr("Value"), 0.0, kMaxInflow, 3, QString(), QString(), value(),
                               [this](double v) { setValue(v); });
    row->finish();
    syncOptions();
    return row;
}

} // namespace rb::tools
