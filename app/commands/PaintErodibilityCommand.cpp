#include "commands/PaintErodibilityCommand.h"

#include "document/MapDocument.h"

#include <utility>

namespace rb::commands {

PaintErodibilityCommand::PaintErodibilityCommand(editor::MapDocument* document, const CellRegion& rect, std::vector<float> before,
                                                 std::vector<float> after, const QString& text, bool applied)
    : PatchCommand(document, rect, std::move(before), std::move(after), text, applied)
{
}

void PaintErodibilityCommand::write(editor::MapDocument& document, const std::vector<float>& values) const
{
    document.setErodibility(rect(), values);
}

} // namespace rb::commands
