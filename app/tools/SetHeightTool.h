#pragma once

#include "tools/TerrainBrushTool.h"

class QDoubleSpinBox;

namespace rb::tools {

// Sets the terrain to a height typed in the options bar (Ctrl+click takes it from the terrain
// under the cursor): each dab moves the cells a share (the amount × the brush weight) of the way.
class SetHeightTool : public TerrainBrushTool {
    Q_OBJECT
public:
    explicit SetHeightTool(ToolContext context, QObject* parent = nullptr);

    double height() const { return height_; }
    void setHeight(double metres);
    void mapReplaced() override;
    void mousePressed(const view::ViewportMouse& mouse) override;

protected:
    QString action() const override;
    void addOptions(OptionsRow* row) override;
    void shape(const BrushDab& dab, const FloatField& bed, std::vector<float>& values) override;

private:
    double height_ = 0.0;
    QDoubleSpinBox* heightBox_ = nullptr;
};

} // namespace rb::tools
