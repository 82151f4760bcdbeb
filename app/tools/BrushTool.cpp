#include "tools/BrushTool.h"

#include "document/MapDocument.h"
#include "tools/OptionsRow.h"

#include <QDoubleSpinBox>
#include <QGuiApplication>
#include <QSignalBlocker>

#include <algorithm>
#include <cmath>

namespace rb::tools {

namespace {
constexpr double kMinRadiusCells = 1.0;
constexpr double kMaxRadiusCells = 512.0;
} // namespace

BrushTool::BrushTool(ToolIdentity identity, ToolContext context, view::PickTarget target, QObject* parent)
    : AbstractTool(std::move(identity), std::move(context), parent),
      target_(target)
{
    repeat_.setInterval(200);
    connect(&repeat_, &QTimer::timeout, this, [this] {
        if (!stroking_) return;
        // "Held still" only while the button is held: if its release was lost (the viewport ends
        // such drags itself; this is the brush's own guard), the stroke ends here as released.
        if (!(QGuiApplication::mouseButtons() & Qt::LeftButton)) return finishStroke();
        if (lastDab_) dab(*lastDab_);
    });
}

QString BrushTool::statusHint() const
{
    return tr("%1: drag %2 · [ ] radius · Alt+drag orbits").arg(name(), action());
}

void BrushTool::stopStroking()
{
    repeat_.stop();
    stroking_ = false;
    lastDab_.reset();
}

void BrushTool::finishStroke()
{
    stopStroking();
    endStroke();
}

void BrushTool::cancelInProgress()
{
    stopStroking();
    cancelStroke();
    showStatus(tr("Stroke cancelled"));
}

// Defaults scaled to the map: a radius of 1/24 of its shorter side (2 to 64 cells).
void BrushTool::mapReplaced()
{
    if (stroking_) {
        stopStroking();
        abandonStroke();
    }
    lastDab_.reset();
    forgetFootprint();
    const Map& map = document()->map();
    const int shorter = std::min(map.state.lattice.width(), map.state.lattice.height());
    setRadiusCells(std::clamp(std::round(shorter / 24.0), 2.0, 64.0));
    setStrength(defaultStrength(map));
}

double BrushTool::radiusMetres() const
{
    return radiusCells_ * document()->map().state.lattice.cellSize();
}

void BrushTool::setRadiusCells(double cells)
{
    if (!std::isfinite(cells)) return;
    radiusCells_ = std::clamp(cells, kMinRadiusCells, kMaxRadiusCells);
    syncBoxes();
    refreshFootprint();
}

void BrushTool::setStrength(double value)
{
    if (!std::isfinite(value)) return;
    const StrengthSpec& spec = strengthSpec();
    strength_ = std::clamp(value, spec.min, spec.max);
    syncBoxes();
}

void BrushTool::setFalloff(double value)
{
    if (!std::isfinite(value)) return;
    falloff_ = std::clamp(value, 0.0, 1.0);
    syncBoxes();
}

void BrushTool::syncBoxes()
{
    for (auto [box, value] : {std::pair{radiusBox_, radiusCells_}, std::pair{strengthBox_, strength_}, std::pair{falloffBox_, falloff_}}) {
        if (!box) continue;
        const QSignalBlocker blocker(box);
        box->setValue(value);
    }
}

// Each step of '[' or ']' changes the radius by about 15 %, and at least one cell.
void BrushTool::resize(int steps)
{
    double radius = radiusCells_;
    for (int i = 0; i < std::abs(steps); ++i)
        radius = steps > 0 ? std::max(radius + 1.0, std::round(radius * 1.15)) : std::min(radius - 1.0, std::round(radius / 1.15));
    setRadiusCells(radius);
    showStatus(tr("Brush radius %1 cells").arg(radiusCells_));
}

QWidget* BrushTool::createOptions()
{
    auto* row = new OptionsRow;
    radiusBox_ = row->addNumber("radius", tr("Radius"), kMinRadiusCells, kMaxRadiusCells, 1, tr(" cells"),
                                tr("Brush radius in cells ([ and ] change it)"), radiusCells_, [this](double v) { setRadiusCells(v); });
    const StrengthSpec& spec = strengthSpec();
    strengthBox_ = row->addNumber("strength", spec.label, spec.min, spec.max, spec.decimals, spec.suffix, spec.tip, strength_,
                                  [this](double v) { setStrength(v); });
    falloffBox_ = row->addNumber("falloff", tr("Falloff"), 0.0, 1.0, 2, QString(),
                                 tr("Share of the radius over which the brush fades out (0: hard edge, 1: soft all the way)"), falloff_,
                                 [this](double v) { setFalloff(v); });
    addOptions(row);
    row->finish();
    return row;
}

std::optional<view::PickResult> BrushTool::pickOf(const view::ViewportMouse& mouse) const
{
    return target_ == view::PickTarget::Terrain ? mouse.terrain : mouse.surface;
}

view::BrushOutline BrushTool::footprintAround(const QVector3D& centre) const
{
    view::BrushOutline outline;
    outline.centre = centre;
    outline.radius = static_cast<float>(radiusMetres());
    return outline;
}

void BrushTool::mouseHovered(const view::ViewportMouse& mouse)
{
    showFootprint(pickOf(mouse));
}

void BrushTool::mousePressed(const view::ViewportMouse& mouse)
{
    const auto pick = pickOf(mouse);
    showFootprint(pick);
    if (stroking_) finishStroke(); // the last stroke's release was lost: it ends before this one
    if (!pick) return showStatus(tr("Press over the map to paint"));
    stroking_ = true;
    beginStroke(*pick);
    lastDab_ = WorldPoint{pick->point.x(), pick->point.z()};
    dab(*lastDab_);
    repeat_.start();
}

void BrushTool::mouseMoved(const view::ViewportMouse& mouse)
{
    const auto pick = pickOf(mouse);
    showFootprint(pick);
    if (!stroking_ || !pick) return;
    dabTowards(WorldPoint{pick->point.x(), pick->point.z()});
    repeat_.start(); // moving: the held-still repeat waits again
}

void BrushTool::mouseReleased(const view::ViewportMouse& mouse)
{
    if (!stroking_) return;
    if (const auto pick = pickOf(mouse)) dabTowards(WorldPoint{pick->point.x(), pick->point.z()});
    finishStroke();
}

// Dabs a quarter radius apart (at least half a cell) along the way from the last dab.
void BrushTool::dabTowards(WorldPoint to)
{
    if (!lastDab_) return;
    const double spacing = std::max(0.25 * radiusMetres(), 0.5 * document()->map().state.lattice.cellSize());
    const double distance = std::hypot(to.x - lastDab_->x, to.y - lastDab_->y);
    const int count = static_cast<int>(std::floor(distance / spacing));
    const WorldPoint from = *lastDab_;
    for (int i = 1; i <= count; ++i) {
        const double t = i * spacing / distance;
        lastDab_ = WorldPoint{from.x + t * (to.x - from.x), from.y + t * (to.y - from.y)};
        dab(*lastDab_);
    }
}

} // namespace rb::tools
