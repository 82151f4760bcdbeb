#include "tools/TerrainStroke.h"

#include "commands/PaintTerrainCommand.h"
#include "editor/MapDocument.h"
#include "tools/BrushDab.h"

namespace rb::tools {

namespace {

std::vector<float> valuesIn(const FloatField& field, const CellRegion& rect)
{
    std::vector<float> values;
    values.reserve(rect.cellCount());
    for (int row = 0; row < rect.height; ++row)
        values.insert(values.end(), &field(rect.x, rect.y + row), &field(rect.x, rect.y + row) + rect.width);
    return values;
}

} // namespace

void TerrainStroke::begin(editor::MapDocument* document)
{
    document_ = document;
    original_ = document->map().state.bed;
    touched_ = {};
}

void TerrainStroke::apply(const CellRegion& rect, const std::vector<float>& bed)
{
    if (!document_ || rect.empty()) return;
    if (document_->setBed(rect, bed)) touched_ = unite(touched_, rect);
}

std::unique_ptr<QUndoCommand> TerrainStroke::finish(const QString& text)
{
    std::unique_ptr<QUndoCommand> command;
    if (document_ && !touched_.empty()) {
        std::vector<float> before = valuesIn(original_, touched_);
        std::vector<float> after = document_->bedIn(touched_);
        if (before != after)
            command = std::make_unique<commands::PaintTerrainCommand>(document_, touched_, std::move(before), std::move(after), text);
    }
    document_ = nullptr;
    original_ = FloatField();
    touched_ = {};
    return command;
}

void TerrainStroke::abandon()
{
    document_ = nullptr;
    original_ = FloatField();
    touched_ = {};
}

void TerrainStroke::cancel()
{
    if (document_ && !touched_.empty()) document_->setBed(touched_, valuesIn(original_, touched_));
    document_ = nullptr;
    original_ = FloatField();
    touched_ = {};
}

} // namespace rb::tools
