#include "tools/SetHeightTool.h"

#include "document/MapDocument.h"
#include "tools/OptionsRow.h"

#include <QDoubleSpinBox>
#include <QSignalBlocker>

#include <cmath>

namespace rb::tools {

namespace {
constexpr double kHeightLimit = 100000.0;
} // namespace

SetHeightTool::SetHeightTool(ToolContext context, QObject* parent)
    : TerrainBrushTool({"setHeight", tr("Set height"), QKeySequence(Qt::Key_H), tr("Set the terrain to a given height")},
                       std::move(context), parent)
{
    setStrengthSpec({tr("Amount"), 0.01, 1.0, 2, QString(), tr("Share of the way to the height each dab goes at the brush's centre"), 1.0});
}

QString SetHeightTool::action() const
{
    return tr("to set the terrain to the height in the options bar (Ctrl+click takes it from the terrain)");
}

void SetHeightTool::setHeight(double metres)
{
    if (!std::isfinite(metres)) return;
    height_ = std::clamp(metres, -kHeightLimit, kHeightLimit);
    if (!heightBox_) return;
    const QSignalBlocker blocker(heightBox_);
    heightBox_->setValue(height_);
}

// The map's mean bed height: a level between its valleys and its hills.
void SetHeightTool::mapReplaced()
{
    TerrainBrushTool::mapReplaced();
    const auto& bed = document()->map().state.bed.values();
    double sum = 0.0;
    for (float b : bed) sum += b;
    setHeight(bed.empty() ? 0.0 : std::round(sum / static_cast<double>(bed.size())));
}

void SetHeightTool::addOptions(OptionsRow* row)
{
    heightBox_ = row->addNumber("height", tr("Height"), -kHeightLimit, kHeightLimit, 2, tr(" m"),
                                tr("The height the brush sets the terrain to (Ctrl+click on the terrain to take its height)"),
                                height_, [this](double v) { setHeight(v); });
}

void SetHeightTool::mousePressed(const view::ViewportMouse& mouse)
{
    if (!(mouse.modifiers & Qt::ControlModifier)) return TerrainBrushTool::mousePressed(mouse);
    if (!mouse.terrain) return;
    setHeight(mouse.terrain->point.y());
    showStatus(tr("Height set to %1 m").arg(height_, 0, 'f', 2));
}

void SetHeightTool::shape(const BrushDab& dab, const FloatField&, std::vector<float>& values)
{
    approach(dab, height_, values);
}

} // namespace rb::tools
