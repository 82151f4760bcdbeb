#include "commands/PaintWaterCommand.h"

#include "document/MapDocument.h"

namespace rb::commands {

PaintWaterCommand::PaintWaterCommand(editor::MapDocument* document, const CellRegion& rect,
                                     std::shared_ptr<WaterStrokeRecord> stroke, const QString& text)
    : document_(document), rect_(rect), stroke_(std::move(stroke))
{
    setText(text);
}

void PaintWaterCommand::undo()
{
    document_->editWater(rect_, [stroke = stroke_](editor::WaterEdit& water) { stroke->undo(water); });
}

void PaintWaterCommand::redo()
{
    if (std::exchange(firstRedo_, false)) return;
    document_->editWater(rect_, [stroke = stroke_](editor::WaterEdit& water) { stroke->redo(water); });
}

} // namespace rb::commands
