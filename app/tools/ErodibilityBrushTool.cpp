#include "tools/ErodibilityBrushTool.h"

#include "commands/PaintErodibilityCommand.h"
#include "document/MapDocument.h"
#include "tools/BrushDab.h"

#include <algorithm>

namespace rb::tools {

ErodibilityBrushTool::ErodibilityBrushTool(ToolContext context, QObject* parent)
    : BrushTool("erodibility", tr("Erodibility"), QKeySequence(Qt::Key_G),
                tr("Paint how easily the water erodes the ground: 0 bedrock, 1 loose soil (View › Colour terrain by erodibility shows it)"),
                std::move(context), view::PickTarget::Terrain, parent)
{
}

QString ErodibilityBrushTool::action() const
{
    return tr("to paint erodibility %1").arg(strength(), 0, 'f', 2);
}

StrengthSpec ErodibilityBrushTool::strengthSpec() const
{
    return {tr("Erodibility"), 0.0, 1.0, 2, QString(),
            tr("The erodibility the brush paints (0 = bedrock the water cannot take, 1 = loose soil); a dab reaches it at the "
               "brush's centre, less towards the edge by the falloff")};
}

double ErodibilityBrushTool::defaultStrength(const Map&) const
{
    return 0.0; // the brush is mostly for laying bedrock where rivers must not cut
}

void ErodibilityBrushTool::beginStroke(const view::PickResult&)
{
    stroking_ = true;
    original_.clear();
}

// Cells the stroke has not touched yet still hold what they held before it: those come from the document.
void ErodibilityBrushTool::include(const CellRegion& rect)
{
    const CellRegion held = original_.region();
    const CellRegion grown = unite(held, rect);
    if (grown == held) return;
    const std::vector<float> now = document()->erodibilityIn(grown);
    original_.growTo(grown, 0.0f);
    std::size_t k = 0;
    for (int y = grown.y; y < grown.y + grown.height; ++y)
        for (int x = grown.x; x < grown.x + grown.width; ++x, ++k) {
            const bool wasHeld = !held.empty() && x >= held.x && x < held.x + held.width && y >= held.y && y < held.y + held.height;
            if (!wasHeld) original_.at(x, y) = now[k];
        }
}

void ErodibilityBrushTool::dab(WorldPoint centre)
{
    if (!stroking_) return;
    const BrushDab brush = BrushDab::around(document()->map().state.lattice, centre, radiusMetres(), falloff());
    if (brush.empty()) return;
    include(brush.rect);
    std::vector<float> values = document()->erodibilityIn(brush.rect);
    const auto target = static_cast<float>(strength());
    for (std::size_t i = 0; i < values.size(); ++i)
        values[i] = std::clamp(values[i] + brush.weights[i] * (target - values[i]), 0.0f, 1.0f);
    document()->setErodibility(brush.rect, values);
}

void ErodibilityBrushTool::endStroke()
{
    if (stroking_ && !original_.empty()) {
        const CellRegion touched = original_.region();
        std::vector<float> after = document()->erodibilityIn(touched);
        if (after != original_.values())
            pushCommand(new commands::PaintErodibilityCommand(document(), touched, original_.values(), std::move(after), name()));
    }
    abandonStroke();
}

void ErodibilityBrushTool::abandonStroke()
{
    stroking_ = false;
    original_.clear();
}

// Takes the stroke back as undo would.
void ErodibilityBrushTool::cancelStroke()
{
    if (stroking_ && !original_.empty()) document()->setErodibility(original_.region(), original_.values());
    abandonStroke();
}

} // namespace rb::tools
