#include "commands/PaintTerrainCommand.h"

#include "document/MapDocument.h"

#include <utility>

namespace rb::commands {

PaintTerrainCommand::PaintTerrainCommand(editor::MapDocument* document, const CellRegion& rect, std::vector<float> before,
                                         std::vector<float> after, const QString& text, bool applied)
    : PatchCommand(document, rect, std::move(before), std::move(after), text, applied)
{
}

void PaintTerrainCommand::write(editor::MapDocument& document, const std::vector<float>& values) const
{
    document.setBed(rect(), values);
}

} // namespace rb::commands
