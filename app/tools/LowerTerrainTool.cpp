#include "tools/LowerTerrainTool.h"

#include "model/Map.h"

namespace rb::tools {

LowerTerrainTool::LowerTerrainTool(ToolContext context, QObject* parent)
    : TerrainBrushTool("lower", tr("Lower terrain"), QKeySequence(Qt::Key_L), tr("Lower the terrain under the brush"),
                       std::move(context), parent)
{
}

QString LowerTerrainTool::action() const
{
    return tr("to lower the terrain (water on it keeps its depth)");
}

StrengthSpec LowerTerrainTool::strengthSpec() const
{
    return {tr("Strength"), 0.001, 1000.0, 3, tr(" m"), tr("Metres removed at the brush's centre per dab")};
}

double LowerTerrainTool::defaultStrength(const Map& map) const
{
    return defaultHeightStep(map);
}

void LowerTerrainTool::shape(const BrushDab& dab, const FloatField&, std::vector<float>& values)
{
    for (std::size_t i = 0; i < values.size(); ++i) values[i] -= static_cast<float>(strength()) * dab.weights[i];
}

} // namespace rb::tools
