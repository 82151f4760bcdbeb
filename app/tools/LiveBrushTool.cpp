#include "tools/LiveBrushTool.h"

#include <QUndoCommand>

namespace rb::tools {

LiveBrushTool::LiveBrushTool(ToolIdentity identity, ToolContext context, QObject* parent)
    : BrushTool(std::move(identity), std::move(context), view::PickTarget::Surface, parent)
{
}

void LiveBrushTool::beginStroke(const view::PickResult&)
{
    stroke_ = newRecord();
    touched_ = {};
}

void LiveBrushTool::dab(WorldPoint centre)
{
    if (!stroke_) return;
    BrushDab brush = BrushDab::around(document()->map().state.lattice, centre, radiusMetres(), falloff());
    if (brush.empty()) return;
    touched_ = unite(touched_, brush.rect);
    const CellRegion rect = brush.rect;
    edit(rect, dabEdit(stroke_, std::move(brush)));
}

void LiveBrushTool::finishRecord()
{
    edit(touched_, [stroke = stroke_, rect = touched_](editor::WaterEdit& water) { stroke->finish(rect, water); });
}

void LiveBrushTool::endStroke()
{
    if (stroke_ && !touched_.empty()) {
        finishRecord();
        pushCommand(command(touched_, stroke_));
    }
    abandonStroke();
}

void LiveBrushTool::abandonStroke()
{
    stroke_.reset();
    touched_ = {};
}

// Takes the stroke back as undo would.
void LiveBrushTool::cancelStroke()
{
    if (stroke_ && !touched_.empty()) {
        finishRecord();
        edit(touched_, [stroke = stroke_](editor::WaterEdit& water) { stroke->undo(water); });
    }
    abandonStroke();
}

} // namespace rb::tools
