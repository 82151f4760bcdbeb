#include "tools/WaterBrushTool.h"

#include "commands/PaintWaterCommand.h"
#include "editor/MapDocument.h"
#include "tools/BrushDab.h"

#include <algorithm>

namespace rb::tools {

WaterBrushTool::WaterBrushTool(QString id, QString name, QKeySequence shortcut, QString description, ToolContext context,
                               QObject* parent)
    : BrushTool(std::move(id), std::move(name), std::move(shortcut), std::move(description), std::move(context),
                view::PickTarget::Surface, parent)
{
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
    const Lattice& lattice = document()->map().state.lattice;
    change_ = std::make_shared<commands::WaterStrokeChange>(lattice.width(), lattice.height());
    touched_ = {};
}

void WaterBrushTool::dab(WorldPoint centre)
{
    if (!change_) return;
    BrushDab brush = BrushDab::around(document()->map().state.lattice, centre, radiusMetres(), falloff());
    if (brush.empty()) return;
    touched_ = unite(touched_, brush.rect);
    const float amount = sign() * static_cast<float>(strength());
    document()->editWater(brush.rect, [change = change_, rect = brush.rect, weights = std::move(brush.weights), amount](std::vector<float>& depth) {
        const std::vector<float> before = depth;
        for (std::size_t i = 0; i < depth.size(); ++i) depth[i] = std::max(0.0f, depth[i] + amount * weights[i]);
        change->record(rect, before, depth);
    });
}

void WaterBrushTool::endStroke()
{
    if (!change_ || touched_.empty()) return;
    // Queued after the dabs, so it runs once they are all recorded.
    document()->editWater(touched_, [change = change_, rect = touched_](std::vector<float>&) { change->compact(rect); });
    document()->undoStack()->push(new commands::PaintWaterCommand(document(), touched_, change_, name()));
    change_.reset();
    touched_ = {};
}

void WaterBrushTool::abandonStroke()
{
    change_.reset();
    touched_ = {};
}

void WaterBrushTool::cancelStroke()
{
    if (change_ && !touched_.empty())
        document()->editWater(touched_, [change = change_, rect = touched_](std::vector<float>& depth) { change->apply(rect, depth, -1.0f); });
    change_.reset();
    touched_ = {};
}

} // namespace rb::tools
