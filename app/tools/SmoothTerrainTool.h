#pragma once

#include "tools/TerrainBrushTool.h"

namespace rb::tools {

// Smooths the terrain: each dab moves every cell a share (the amount × the brush weight) of the
// way to the mean of its 3×3 neighbourhood (clamped at the map's edges).
class SmoothTerrainTool : public TerrainBrushTool {
    Q_OBJECT
public:
    explicit SmoothTerrainTool(ToolContext context, QObject* parent = nullptr);

protected:
    QString action() const override;
    void shape(const BrushDab& dab, const FloatField& bed, std::vector<float>& values) override;
};

} // namespace rb::tools
