#include "commands/PaintWaterCommand.h"

#include "editor/MapDocument.h"

namespace rb::commands {

PaintWaterCommand::PaintWaterCommand(editor::MapDocument* document, const CellRegion& rect,
                                     std::shared_ptr<WaterStrokeChange> change, const QString& text, bool applied)
    : document_(document), rect_(rect), change_(std::move(change)), skipRedo_(applied)
{
    setText(text);
}

void PaintWaterCommand::undo()
{
    document_->editWater(rect_, [change = change_, rect = rect_](std::vector<float>& depth) { change->apply(rect, depth, -1.0f); });
}

void PaintWaterCommand::redo()
{
    if (std::exchange(skipRedo_, false)) return;
    document_->editWater(rect_, [change = change_, rect = rect_](std::vector<float>& depth) { change->apply(rect, depth, 1.0f); });
}

} // namespace rb::commands
