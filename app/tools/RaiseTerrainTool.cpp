#include "tools/RaiseTerrainTool.h"

#include "model/Map.h"

namespace rb::tools {

RaiseTerrainTool::RaiseTerrainTool(ToolContext context, QObject* parent)
    : TerrainBrushTool("raise", tr("Raise terrain"), QKeySequence(Qt::Key_R), tr("Raise the terrain under the brush"),
                       std::move(context), parent)
{
}

QString RaiseTerrainTool::action() const
{
    return tr("to raise the terrain (water on it is lifted and flows away)");
}

StrengthSpec RaiseTerrainTool::strengthSpec() const
{
    return {tr("Strength"), 0.001, 1000.0, 3, tr(" m"), tr("Metres added at the brush's centre per dab")};
}

double RaiseTerrainTool::defaultStrength(const Map& map) const
{
    return defaultHeightStep(map);
}

void RaiseTerrainTool::shape(const BrushDab& dab, const FloatField&, std::vector<float>& values)
{
    for (std::size_t i = 0; i < values.size(); ++i) values[i] += static_cast<float>(strength()) * dab.weights[i];
}

} // namespace rb::tools
