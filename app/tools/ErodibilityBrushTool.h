#pragma once

#include "model/FieldPatch.h"
#include "tools/BrushTool.h"

namespace rb::tools {

// A round brush that paints the erodibility (docs/erosion.md): 0 bedrock that the water cannot
// take, 1 loose soil. Each dab moves the cells under it towards the value set in the options bar
// by the brush's falloff weight, e ← e + w·(target − e). A stroke is one PaintErodibilityCommand
// holding only the rectangle it touched; the running simulation gets each dab at once.
class ErodibilityBrushTool : public BrushTool {
    Q_OBJECT
public:
    explicit ErodibilityBrushTool(ToolContext context, QObject* parent = nullptr);

protected:
    QString action() const override;
    StrengthSpec strengthSpec() const override;
    double defaultStrength(const Map& map) const override;
    void beginStroke(const view::PickResult& at) override;
    void dab(WorldPoint centre) override;
    void endStroke() override;
    void cancelStroke() override;
    void abandonStroke() override;

private:
    void include(const CellRegion& rect); // keeps the erodibility there as it was before the stroke

    bool stroking_ = false;
    FieldPatch<float> original_; // the erodibility before the stroke, over every rectangle it touched
};

} // namespace rb::tools
