#include "commands/PaintWaterCommand.h"

#include <utility>

namespace rb::commands {

PaintWaterCommand::PaintWaterCommand(editor::MapDocument* document, const CellRegion& rect,
                                     std::shared_ptr<WaterStrokeRecord> stroke, const QString& text)
    : LiveStrokeCommand(document, rect, std::move(stroke), text)
{
}

void PaintWaterCommand::edit(editor::MapDocument& document, const CellRegion& rect, editor::MapDocument::DepthEdit edit) const
{
    document.editWater(rect, std::move(edit));
}

} // namespace rb::commands
