#include "commands/PaintTerrainCommand.h"

#include "document/MapDocument.h"

namespace rb::commands {

void PaintTerrainCommand::write(editor::MapDocument& document, const std::vector<float>& values) const
{
    document.setBed(rect(), values);
}

} // namespace rb::commands
