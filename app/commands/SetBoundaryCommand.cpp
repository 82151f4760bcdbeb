#include "commands/SetBoundaryCommand.h"

#include "document/MapDocument.h"

namespace rb::commands {

SetBoundaryCommand::SetBoundaryCommand(editor::MapDocument* document, std::vector<BoundarySegment> before,
                                       std::vector<BoundarySegment> after, const QString& text, const QString& mergeKey)
    : MergingCommand(document, std::move(before), std::move(after), mergeKey)
{
    setText(text);
}

void SetBoundaryCommand::apply(editor::MapDocument& document, const std::vector<BoundarySegment>& segments) const
{
    document.setBoundary(segments);
}

} // namespace rb::commands
