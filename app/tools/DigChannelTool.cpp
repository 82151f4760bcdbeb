#include "tools/DigChannelTool.h"

#include "document/MapDocument.h"
#include "tools/BrushDab.h"
#include "tools/OptionsRow.h"

#include <QDoubleSpinBox>
#include <QSignalBlocker>
#include <QUndoCommand>

#include <algorithm>
#include <cmath>

namespace rb::tools {

namespace {

constexpr double kDigPi = 3.14159265358979;

double distanceToSegment(WorldPoint p, WorldPoint a, WorldPoint b)
{
    const double vx = b.x - a.x, vy = b.y - a.y, length2 = vx * vx + vy * vy;
    const double t = length2 > 0.0 ? std::clamp(((p.x - a.x) * vx + (p.y - a.y) * vy) / length2, 0.0, 1.0) : 0.0;
    return std::hypot(p.x - (a.x + t * vx), p.y - (a.y + t * vy));
}

} // namespace

DigChannelTool::DigChannelTool(ToolContext context, QObject* parent)
    : AbstractTool({"digChannel", tr("Dig channel"), QKeySequence(Qt::Key_C),
                   tr("Drag a path to carve a trench of the given width and depth")}, std::move(context), parent)
{
}

QString DigChannelTool::statusHint() const
{
    return tr("%1: drag a path to dig a trench (water keeps its depth and runs into it) · [ ] width · Esc cancels the drag")
        .arg(name());
}

double DigChannelTool::profile(double distance, double width, double depth)
{
    const double half = 0.5 * width;
    if (!(half > 0.0) || distance >= half) return 0.0;
    const double t = distance / half;
    if (t <= 0.5) return depth;
    return depth * 0.5 * (1.0 + std::cos(kDigPi * (t - 0.5) / 0.5));
}

// Defaults scaled to the map: 1/40 of its shorter side wide (at least 3 cells), a twentieth of
// its relief deep (at least half a metre).
void DigChannelTool::mapReplaced()
{
    stroke_.abandon();
    last_.reset();
    forgetFootprint();
    const Map& map = document()->map();
    const int shorter = std::min(map.state.lattice.width(), map.state.lattice.height());
    setWidthCells(std::max(3.0, std::round(shorter / 40.0)));
    setDepth(std::max(0.5, std::round(reliefOf(map) / 20.0 * 10.0) / 10.0));
}

double DigChannelTool::widthMetres() const
{
    return widthCells_ * document()->map().state.lattice.cellSize();
}

void DigChannelTool::setWidthCells(double cells)
{
    if (!std::isfinite(cells)) return;
    widthCells_ = std::clamp(cells, 1.0, 1024.0);
    syncBoxes();
    refreshFootprint();
}

void DigChannelTool::setDepth(double metres)
{
    if (!std::isfinite(metres)) return;
    depth_ = std::clamp(metres, 0.01, 10000.0);
    syncBoxes();
}

void DigChannelTool::syncBoxes()
{
    for (auto [box, value] : {std::pair{widthBox_, widthCells_}, std::pair{depthBox_, depth_}}) {
        if (!box) continue;
        const QSignalBlocker blocker(box);
        box->setValue(value);
    }
}

void DigChannelTool::resize(int steps)
{
    setWidthCells(widthCells_ + steps);
    showStatus(tr("Channel width %1 cells").arg(widthCells_));
}

QWidget* DigChannelTool::createOptions()
{
    auto* row = new OptionsRow;
    widthBox_ = row->addNumber("width", tr("Width"), 1.0, 1024.0, 1, tr(" cells"),
                               tr("Width of the trench from bank to bank, in cells ([ and ] change it)"), widthCells_,
                               [this](double v) { setWidthCells(v); });
    depthBox_ = row->addNumber("depth", tr("Depth"), 0.01, 10000.0, 2, tr(" m"),
                               tr("Depth of the trench's bottom below the terrain as it was before the drag"), depth_,
                               [this](double v) { setDepth(v); });
    row->finish();
    return row;
}

view::BrushOutline DigChannelTool::footprintAround(const QVector3D& centre) const
{
    view::BrushOutline outline;
    outline.centre = centre;
    outline.radius = static_cast<float>(0.5 * widthMetres());
    outline.colour = QColor(255, 150, 40);
    return outline;
}

void DigChannelTool::carve(WorldPoint from, WorldPoint to)
{
    const Lattice& lattice = document()->map().state.lattice;
    const double width = widthMetres();
    const CellRegion rect = unite(cellsAround(lattice, from, 0.5 * width), cellsAround(lattice, to, 0.5 * width));
    if (rect.empty()) return;
    std::vector<float> values = document()->bedIn(rect);
    stroke_.include(rect); // the trench's depth counts from the terrain before the drag
    bool changed = false;
    for (int row = 0; row < rect.height; ++row)
        for (int column = 0; column < rect.width; ++column) {
            const int x = rect.x + column, y = rect.y + row;
            const double cut = profile(distanceToSegment(lattice.worldPosition(x, y), from, to), width, depth_);
            if (cut <= 0.0) continue;
            float& value = values[static_cast<std::size_t>(row) * static_cast<std::size_t>(rect.width) + static_cast<std::size_t>(column)];
            const float dug = static_cast<float>(stroke_.originalAt(x, y) - cut);
            if (dug < value) {
                value = dug;
                changed = true;
            }
        }
    if (changed) stroke_.apply(rect, values);
}

void DigChannelTool::mousePressed(const view::ViewportMouse& mouse)
{
    showFootprint(mouse.terrain);
    if (!mouse.terrain) return showStatus(tr("Press over the map to start the channel"));
    if (!stroke_.begin(document())) return showStatus(TerrainStroke::refusal());
    last_ = WorldPoint{mouse.terrain->point.x(), mouse.terrain->point.z()};
    carve(*last_, *last_);
}

void DigChannelTool::mouseMoved(const view::ViewportMouse& mouse)
{
    showFootprint(mouse.terrain);
    if (!stroke_.active() || !last_ || !mouse.terrain) return;
    const WorldPoint next{mouse.terrain->point.x(), mouse.terrain->point.z()};
    carve(*last_, next);
    last_ = next;
}

void DigChannelTool::mouseReleased(const view::ViewportMouse& mouse)
{
    if (!stroke_.active()) return;
    if (last_ && mouse.terrain) carve(*last_, WorldPoint{mouse.terrain->point.x(), mouse.terrain->point.z()});
    last_.reset();
    if (auto command = stroke_.finish(name())) pushCommand(command.release());
}

void DigChannelTool::mouseHovered(const view::ViewportMouse& mouse)
{
    showFootprint(mouse.terrain);
}

void DigChannelTool::cancelInProgress()
{
    stroke_.cancel();
    last_.reset();
    showStatus(tr("Channel cancelled"));
}

} // namespace rb::tools
