#include "commands/PaintDyeCommand.h"

#include "document/MapDocument.h"

#include <utility>

namespace rb::commands {

PaintDyeCommand::PaintDyeCommand(editor::MapDocument* document, const CellRegion& rect, int channel,
                                 std::shared_ptr<DyeStrokeRecord> stroke, const QString& text)
    : document_(document), rect_(rect), channel_(channel), stroke_(std::move(stroke))
{
    setText(text);
}

void PaintDyeCommand::undo()
{
    document_->editDye(rect_, channel_, [stroke = stroke_](editor::WaterEdit& water) { stroke->undo(water); });
}

void PaintDyeCommand::redo()
{
    if (std::exchange(firstRedo_, false)) return;
    document_->editDye(rect_, channel_, [stroke = stroke_](editor::WaterEdit& water) { stroke->redo(water); });
}

} // namespace rb::commands
