#include "commands/PaintErodibilityCommand.h"

#include "document/MapDocument.h"

namespace rb::commands {

void PaintErodibilityCommand::write(editor::MapDocument& document, const std::vector<float>& values) const
{
    document.setErodibility(rect(), values);
}

} // namespace rb::commands
