#include "commands/LiveStrokeCommand.h"

#include <utility>

namespace rb::commands {

LiveStrokeCommand::LiveStrokeCommand(editor::MapDocument* document, const CellRegion& rect, std::shared_ptr<StrokeRecord> stroke,
                                     const QString& text)
    : document_(document), rect_(rect), stroke_(std::move(stroke))
{
    setText(text);
}

void LiveStrokeCommand::undo()
{
    edit(*document_, rect_, [stroke = stroke_](editor::WaterEdit& water) { stroke->undo(water); });
}

void LiveStrokeCommand::redo()
{
    if (std::exchange(firstRedo_, false)) return;
    edit(*document_, rect_, [stroke = stroke_](editor::WaterEdit& water) { stroke->redo(water); });
}

} // namespace rb::commands
