#include "tools/TerrainBrushTool.h"

#include "document/MapDocument.h"

#include <QUndoCommand>

namespace rb::tools {

TerrainBrushTool::TerrainBrushTool(ToolIdentity identity, ToolContext context, QObject* parent, TerrainStroke::Layer layer)
    : BrushTool(std::move(identity), std::move(context), view::PickTarget::Terrain, parent),
      stroke_(layer)
{
}

void TerrainBrushTool::beginStroke(const view::PickResult&)
{
    if (!stroke_.begin(document())) showStatus(TerrainStroke::refusal());
}

void TerrainBrushTool::dab(WorldPoint centre)
{
    const MapState& state = document()->map().state;
    const BrushDab brush = BrushDab::around(state.lattice, centre, radiusMetres(), falloff());
    if (brush.empty()) return;
    std::vector<float> values = stroke_.valuesIn(*document(), brush.rect);
    shape(brush, state.bed, values);
    stroke_.apply(brush.rect, values);
}

void TerrainBrushTool::approach(const BrushDab& dab, double target, std::vector<float>& values) const
{
    for (std::size_t i = 0; i < values.size(); ++i) values[i] = static_cast<float>(values[i] + strength() * dab.weights[i] * (target - values[i]));
}

void TerrainBrushTool::endStroke()
{
    if (auto command = stroke_.finish(name())) pushCommand(command.release());
}

void TerrainBrushTool::abandonStroke()
{
    stroke_.abandon();
}

void TerrainBrushTool::cancelStroke()
{
    stroke_.cancel();
}

} // namespace rb::tools
