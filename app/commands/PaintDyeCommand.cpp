#include "commands/PaintDyeCommand.h"

#include <utility>

namespace rb::commands {

PaintDyeCommand::PaintDyeCommand(editor::MapDocument* document, const CellRegion& rect, int channel,
                                 std::shared_ptr<DyeStrokeRecord> stroke, const QString& text)
    : LiveStrokeCommand(document, rect, std::move(stroke), text), channel_(channel)
{
}

void PaintDyeCommand::edit(editor::MapDocument& document, const CellRegion& rect, editor::MapDocument::DepthEdit edit) const
{
    document.editDye(rect, channel_, std::move(edit));
}

} // namespace rb::commands
