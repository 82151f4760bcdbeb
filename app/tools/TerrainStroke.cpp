#include "tools/TerrainStroke.h"

#include "commands/PaintTerrainCommand.h"
#include "document/MapDocument.h"

#include <QObject>

namespace rb::tools {

bool TerrainStroke::begin(editor::MapDocument* document)
{
    original_.clear();
    document_ = document->isErosionRunning() ? nullptr : document;
    return document_ != nullptr;
}

QString TerrainStroke::refusal()
{
    return QObject::tr("Pause the simulation to reshape the terrain: erosion is changing it");
}

// Cells outside the rectangle kept so far are untouched by this stroke: the bed there now is the
// bed before it.
void TerrainStroke::include(const CellRegion& rect)
{
    if (!document_) return;
    const MapState& state = document_->map().state;
    if (rect.inside(state.lattice)) original_.growTo(rect, state.bed);
}

void TerrainStroke::apply(const CellRegion& rect, const std::vector<float>& bed)
{
    if (!document_ || rect.empty()) return;
    include(rect);
    document_->setBed(rect, bed);
}

std::unique_ptr<QUndoCommand> TerrainStroke::finish(const QString& text)
{
    std::unique_ptr<QUndoCommand> command;
    if (document_ && !original_.empty()) {
        const CellRegion touched = original_.region();
        std::vector<float> after = document_->bedIn(touched);
        if (original_.values() != after)
            command = std::make_unique<commands::PaintTerrainCommand>(document_, touched, original_.values(), std::move(after), text);
    }
    abandon();
    return command;
}

void TerrainStroke::abandon()
{
    document_ = nullptr;
    original_.clear();
}

void TerrainStroke::cancel()
{
    if (document_ && !original_.empty()) document_->setBed(original_.region(), original_.values());
    abandon();
}

} // namespace rb::tools
