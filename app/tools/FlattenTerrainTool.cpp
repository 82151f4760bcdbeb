#include "tools/FlattenTerrainTool.h"

namespace rb::tools {

FlattenTerrainTool::FlattenTerrainTool(ToolContext context, QObject* parent)
    : TerrainBrushTool({"flatten", tr("Flatten terrain"), QKeySequence(Qt::Key_T),
                       tr("Flatten the terrain to the height under the first click")}, std::move(context), parent)
{
    setStrengthSpec({tr("Amount"), 0.01, 1.0, 2, QString(), tr("Share of the way to the target height each dab goes at the brush's centre"), 0.5});
}

QString FlattenTerrainTool::action() const
{
    return tr("to flatten to the height where the drag starts");
}

void FlattenTerrainTool::beginStroke(const view::PickResult& at)
{
    target_ = at.point.y(); // the terrain as drawn under the cursor
    TerrainBrushTool::beginStroke(at);
    showStatus(tr("Flattening to %1 m").arg(static_cast<double>(target_), 0, 'f', 2));
}

void FlattenTerrainTool::shape(const BrushDab& dab, const FloatField&, std::vector<float>& values)
{
    approach(dab, target_, values);
}

} // namespace rb::tools
