#pragma once

#include "tools/TerrainBrushTool.h"

namespace rb::tools {

// A round brush that paints the erodibility (docs/erosion.md): 0 bedrock that the water cannot
// take, 1 loose soil. Each dab moves the cells under it towards the value set in the options bar
// by the brush's falloff weight, e ← e + w·(target − e). A stroke is one PaintErodibilityCommand
// holding only the rectangle it touched; the running simulation gets each dab at once.
class ErodibilityBrushTool : public TerrainBrushTool {
    Q_OBJECT
public:
    explicit ErodibilityBrushTool(ToolContext context, QObject* parent = nullptr);

protected:
    QString action() const override;
    void shape(const BrushDab& dab, const FloatField& bed, std::vector<float>& values) override;
};

} // namespace rb::tools
