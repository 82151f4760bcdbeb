#pragma once

#include "tools/TerrainBrushTool.h"

namespace rb::tools {

// Raises the terrain under the brush by `strength` metres per dab at its centre.
class RaiseTerrainTool : public TerrainBrushTool {
    Q_OBJECT
public:
    explicit RaiseTerrainTool(ToolContext context, QObject* parent = nullptr);

protected:
    QString action() const override;
    StrengthSpec strengthSpec() const override;
    double defaultStrength(const Map& map) const override;
    void shape(const BrushDab& dab, const FloatField& bed, std::vector<float>& values) override;
};

} // namespace rb::tools
