#pragma once

#include "tools/BrushDab.h"
#include "tools/BrushTool.h"
#include "tools/TerrainStroke.h"

namespace rb::tools {

// A round brush that reshapes the bed: each dab gives the subclass the bed over the brush's
// rectangle to change; the stroke keeps the document, the simulation and the view in step and
// becomes one PaintTerrainCommand on release. The water keeps its depth where the bed moves.
class TerrainBrushTool : public BrushTool {
    Q_OBJECT
public:
    TerrainBrushTool(QString id, QString name, QKeySequence shortcut, QString description, ToolContext context,
                     QObject* parent = nullptr);

protected:
    // `values` holds the current bed over dab.rect (row-major); `bed` is the whole current bed.
    virtual void shape(const BrushDab& dab, const FloatField& bed, std::vector<float>& values) = 0;

    void beginStroke(const view::PickResult& at) override;
    void dab(WorldPoint centre) override;
    void endStroke() override;
    void cancelStroke() override;
    void abandonStroke() override;

private:
    TerrainStroke stroke_;
};

} // namespace rb::tools
