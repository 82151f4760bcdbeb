#include "tools/TerrainStroke.h"

#include "commands/PaintErodibilityCommand.h"
#include "commands/PaintTerrainCommand.h"
#include "document/MapDocument.h"

#include <QObject>

namespace rb::tools {

bool TerrainStroke::begin(editor::MapDocument* document)
{
    original_.clear();
    const bool refused = layer_ == Layer::Bed && document->isErosionRunning();
    document_ = refused ? nullptr : document;
    return document_ != nullptr;
}

QString TerrainStroke::refusal()
{
    return QObject::tr("Pause the simulation to reshape the terrain: erosion is changing it");
}

std::vector<float> TerrainStroke::valuesIn(const editor::MapDocument& document, const CellRegion& rect) const
{
    return layer_ == Layer::Bed ? document.bedIn(rect) : document.erodibilityIn(rect);
}

void TerrainStroke::write(const CellRegion& rect, const std::vector<float>& values) const
{
    if (layer_ == Layer::Bed) document_->setBed(rect, values);
    else document_->setErodibility(rect, values);
}

// Cells outside the rectangle kept so far are untouched by this stroke: the layer there now is
// the layer before it.
void TerrainStroke::include(const CellRegion& rect)
{
    if (!document_ || !rect.inside(document_->map().state.lattice)) return;
    original_.growWith(rect, [this](const CellRegion& grown) { return valuesIn(*document_, grown); });
}

void TerrainStroke::apply(const CellRegion& rect, const std::vector<float>& values)
{
    if (!document_ || rect.empty()) return;
    include(rect);
    write(rect, values);
}

std::unique_ptr<QUndoCommand> TerrainStroke::finish(const QString& text)
{
    std::unique_ptr<QUndoCommand> command;
    if (document_ && !original_.empty()) {
        std::vector<float> after = valuesIn(*document_, original_.region());
        if (original_.values() != after) command = commandFor(std::move(after), text);
    }
    abandon();
    return command;
}

std::unique_ptr<QUndoCommand> TerrainStroke::commandFor(std::vector<float> after, const QString& text) const
{
    const CellRegion& touched = original_.region();
    if (layer_ == Layer::Erodibility)
        return std::make_unique<commands::PaintErodibilityCommand>(document_, touched, original_.values(), std::move(after), text);
    return std::make_unique<commands::PaintTerrainCommand>(document_, touched, original_.values(), std::move(after), text);
}

void TerrainStroke::abandon()
{
    document_ = nullptr;
    original_.clear();
}

void TerrainStroke::cancel()
{
    if (document_ && !original_.empty()) write(original_.region(), original_.values());
    abandon();
}

} // namespace rb::tools
