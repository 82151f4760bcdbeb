#include "tools/WaterBrushTool.h"

#include "commands/PaintWaterCommand.h"

#include <algorithm>

namespace rb::tools {

namespace {

using WaterDirection = WaterBrushTool::Direction;

ToolIdentity waterIdentityOf(WaterDirection direction)
{
    if (direction == WaterDirection::Add)
        return {"addWater", WaterBrushTool::tr("Add water"), QKeySequence(Qt::Key_W),
                WaterBrushTool::tr("Add water under the brush")};
    return {"removeWater", WaterBrushTool::tr("Remove water"), QKeySequence(Qt::Key_E),
            WaterBrushTool::tr("Remove water under the brush")};
}

} // namespace

WaterBrushTool::WaterBrushTool(WaterDirection direction, ToolContext context, QObject* parent)
    : LiveBrushTool(waterIdentityOf(direction), std::move(context), parent), direction_(direction)
{
    setStrengthSpec({tr("Strength"), 0.001, 1000.0, 3, tr(" m"), tr("Depth of water added or removed at the brush's centre per dab")});
}

QString WaterBrushTool::action() const
{
    return direction_ == WaterDirection::Add ? tr("to add water") : tr("to remove water (never below dry)");
}

double WaterBrushTool::defaultStrength(const Map& map) const
{
    return std::max(0.01, reliefOf(map) / 200.0);
}

std::shared_ptr<commands::StrokeRecord> WaterBrushTool::newRecord() const
{
    return std::make_shared<commands::WaterStrokeRecord>();
}

editor::MapDocument::DepthEdit WaterBrushTool::dabEdit(const std::shared_ptr<commands::StrokeRecord>& record, BrushDab dab) const
{
    const float amount = sign() * static_cast<float>(strength());
    // The record is the one newRecord() made.
    return [stroke = std::static_pointer_cast<commands::WaterStrokeRecord>(record), rect = dab.rect, weights = std::move(dab.weights),
            amount](editor::WaterEdit& water) {
        const std::vector<float> before = water.depth;
        for (std::size_t i = 0; i < water.depth.size(); ++i) water.depth[i] = std::max(0.0f, water.depth[i] + amount * weights[i]);
        stroke->recordDab(rect, before, water);
    };
}

void WaterBrushTool::edit(const CellRegion& rect, editor::MapDocument::DepthEdit edit) const
{
    document()->editWater(rect, std::move(edit));
}

QUndoCommand* WaterBrushTool::command(const CellRegion& rect, std::shared_ptr<commands::StrokeRecord> record) const
{
    return new commands::PaintWaterCommand(document(), rect, std::static_pointer_cast<commands::WaterStrokeRecord>(std::move(record)), name());
}

} // namespace rb::tools
