#pragma once

#include "tools/BrushDab.h"
#include "tools/BrushTool.h"
#include "tools/TerrainStroke.h"

namespace rb::tools {

// A round brush that paints a layer of the terrain, its bed (the default) or its erodibility: each
// dab gives the subclass the layer over the brush's rectangle to change; the stroke
// (TerrainStroke) keeps the document, the simulation and the view in step and becomes one
// PaintTerrainCommand (PaintErodibilityCommand) on release. The water keeps its depth where the
// bed moves.
class TerrainBrushTool : public BrushTool {
    Q_OBJECT
public:
    TerrainBrushTool(ToolIdentity identity, ToolContext context, QObject* parent = nullptr,
                     TerrainStroke::Layer layer = TerrainStroke::Layer::Bed);

protected:
    // `values` holds the layer now over dab.rect (row-major); `bed` is the whole current bed.
    virtual void shape(const BrushDab& dab, const FloatField& bed, std::vector<float>& values) = 0;

    // Moves each cell under `dab` the share strength() × its weight of the way to `target`: what
    // the brushes that level the bed (flatten, set height) do.
    void approach(const BrushDab& dab, double target, std::vector<float>& values) const;

    void beginStroke(const view::PickResult& at) override;
    void dab(WorldPoint centre) override;
    void endStroke() override;
    void cancelStroke() override;
    void abandonStroke() override;

private:
    TerrainStroke stroke_;
};

} // namespace rb::tools
