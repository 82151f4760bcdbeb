#include "tools/FlattenTerrainTool.h"

namespace rb::tools {

FlattenTerrainTool::FlattenTerrainTool(ToolContext context, QObject* parent)
    : TerrainBrushTool("flatten", tr("Flatten terrain"), QKeySequence(Qt::Key_T),
                       tr("Flatten the terrain to the height under the first click"), std::move(context), parent)
{
}

QString FlattenTerrainTool::action() const
{
    return tr("to flatten to the height where the drag starts");
}

StrengthSpec FlattenTerrainTool::strengthSpec() const
{
    return {tr("Amount"), 0.01, 1.0, 2, QString(), tr("Share of the way to the target height each dab goes at the brush's centre")};
}

double FlattenTerrainTool::defaultStrength(const Map&) const
{
    return 0.5;
}

void FlattenTerrainTool::beginStroke(const view::PickResult& at)
{
    target_ = at.point.y(); // the terrain as drawn under the cursor
    TerrainBrushTool::beginStroke(at);
    showStatus(tr("Flattening to %1 m").arg(static_cast<double>(target_), 0, 'f', 2));
}

void FlattenTerrainTool::shape(const BrushDab& dab, const FloatField&, std::vector<float>& values)
{
    for (std::size_t i = 0; i < values.size(); ++i)
        values[i] = static_cast<float>(values[i] + strength() * dab.weights[i] * (target_ - values[i]));
}

} // namespace rb::tools
