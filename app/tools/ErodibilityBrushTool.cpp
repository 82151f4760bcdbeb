#include "tools/ErodibilityBrushTool.h"

#include <algorithm>

namespace rb::tools {

ErodibilityBrushTool::ErodibilityBrushTool(ToolContext context, QObject* parent)
    : TerrainBrushTool({"erodibility", tr("Erodibility"), QKeySequence(Qt::Key_G),
                       tr("Paint how easily the water erodes the ground: 0 bedrock, 1 loose soil (View › Colour terrain by erodibility shows it)")},
                       std::move(context), parent, TerrainStroke::Layer::Erodibility)
{
    // By default the brush lays bedrock, where rivers must not cut: what it is mostly for.
    setStrengthSpec({tr("Erodibility"), 0.0, 1.0, 2, QString(),
                     tr("The erodibility the brush paints (0 = bedrock the water cannot take, 1 = loose soil); a dab reaches it "
                        "at the brush's centre, less towards the edge by the falloff"),
                     0.0});
}

QString ErodibilityBrushTool::action() const
{
    return tr("to paint erodibility %1").arg(strength(), 0, 'f', 2);
}

void ErodibilityBrushTool::shape(const BrushDab& dab, const FloatField&, std::vector<float>& values)
{
    const auto target = static_cast<float>(strength());
    for (std::size_t i = 0; i < values.size(); ++i) values[i] = std::clamp(values[i] + dab.weights[i] * (target - values[i]), 0.0f, 1.0f);
}

} // namespace rb::tools
