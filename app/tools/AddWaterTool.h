#pragma once

#include "tools/WaterBrushTool.h"

namespace rb::tools {

// Adds water under the brush.
class AddWaterTool : public WaterBrushTool {
    Q_OBJECT
public:
    explicit AddWaterTool(ToolContext context, QObject* parent = nullptr);

protected:
    QString action() const override;
    float sign() const override { return 1.0f; }
};

} // namespace rb::tools
