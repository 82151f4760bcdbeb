#pragma once

#include "tools/TerrainBrushTool.h"

namespace rb::tools {

// Flattens the terrain to the height under the stroke's first click: each dab moves the cells a
// share (the amount × the brush weight) of the way to that height.
class FlattenTerrainTool : public TerrainBrushTool {
    Q_OBJECT
public:
    explicit FlattenTerrainTool(ToolContext context, QObject* parent = nullptr);

protected:
    QString action() const override;
    void beginStroke(const view::PickResult& at) override;
    void shape(const BrushDab& dab, const FloatField& bed, std::vector<float>& values) override;

private:
    float target_ = 0.0f;
};

} // namespace rb::tools
