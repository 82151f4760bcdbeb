#include "tools/WaterBrushTool.h"

#include "commands/PaintWaterCommand.h"
#include "document/MapDocument.h"
#include "tools/BrushDab.h"

#include <algorithm>

namespace rb::tools {

namespace {

using Direction = WaterBrushTool::Direction;

QString idOf(Direction direction)
{
    return direction == Direction::Add ? "addWater" : "removeWater";
}

QString nameOf(Direction direction)
{
    return direction == Direction::Add ? WaterBrushTool::tr("Add water") : WaterBrushTool::tr("Remove water");
}

QKeySequence shortcutOf(Direction direction)
{
    return QKeySequence(direction == Direction::Add ? Qt::Key_W : Qt::Key_E);
}

QString descriptionOf(Direction direction)
{
    return direction == Direction::Add ? WaterBrushTool::tr("Add water under the brush") : WaterBrushTool::tr("Remove water under the brush");
}

} // namespace

WaterBrushTool::WaterBrushTool(Direction direction, ToolContext context, QObject* parent)
    : BrushTool(idOf(direction), nameOf(direction), shortcutOf(direction), descriptionOf(direction), std::move(context),
                view::PickTarget::Surface, parent),
      direction_(direction)
{
}

QString WaterBrushTool::action() const
{
    return direction_ == Direction::Add ? tr("to add water") : tr("to remove water (never below dry)");
}

StrengthSpec WaterBrushTool::strengthSpec() const
{
    return {tr("Strength"), 0.001, 1000.0, 3, tr(" m"), tr("Depth of water added or removed at the brush's centre per dab")};
}

double WaterBrushTool::defaultStrength(const Map& map) const
{
    return std::max(0.01, reliefOf(map) / 200.0);
}

void WaterBrushTool::beginStroke(const view::PickResult&)
{
    stroke_ = std::make_shared<commands::WaterStrokeRecord>();
    touched_ = {};
}

void WaterBrushTool::dab(WorldPoint centre)
{
    if (!stroke_) return;
    BrushDab brush = BrushDab::around(document()->map().state.lattice, centre, radiusMetres(), falloff());
    if (brush.empty()) return;
    touched_ = unite(touched_, brush.rect);
    const float amount = sign() * static_cast<float>(strength());
    document()->editWater(brush.rect, [stroke = stroke_, rect = brush.rect, weights = std::move(brush.weights), amount](editor::WaterEdit& water) {
        const std::vector<float> before = water.depth;
        for (std::size_t i = 0; i < water.depth.size(); ++i) water.depth[i] = std::max(0.0f, water.depth[i] + amount * weights[i]);
        stroke->recordDab(rect, before, water);
    });
}

void WaterBrushTool::finishRecord()
{
    document()->editWater(touched_, [stroke = stroke_, rect = touched_](editor::WaterEdit& water) { stroke->finish(rect, water); });
}

void WaterBrushTool::endStroke()
{
    if (!stroke_ || touched_.empty()) return;
    finishRecord();
    pushCommand(new commands::PaintWaterCommand(document(), touched_, stroke_, name()));
    stroke_.reset();
    touched_ = {};
}

void WaterBrushTool::abandonStroke()
{
    stroke_.reset();
    touched_ = {};
}

// Takes the stroke back as undo would.
void WaterBrushTool::cancelStroke()
{
    if (stroke_ && !touched_.empty()) {
        finishRecord();
        document()->editWater(touched_, [stroke = stroke_](editor::WaterEdit& water) { stroke->undo(water); });
    }
    stroke_.reset();
    touched_ = {};
}

} // namespace rb::tools
