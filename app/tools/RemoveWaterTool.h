#pragma once

#include "tools/WaterBrushTool.h"

namespace rb::tools {

// Removes water under the brush (down to dry ground, never below).
class RemoveWaterTool : public WaterBrushTool {
    Q_OBJECT
public:
    explicit RemoveWaterTool(ToolContext context, QObject* parent = nullptr);

protected:
    QString action() const override;
    float sign() const override { return -1.0f; }
};

} // namespace rb::tools
