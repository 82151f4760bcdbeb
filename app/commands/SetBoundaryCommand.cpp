#include "commands/SetBoundaryCommand.h"

#include "editor/MapDocument.h"

namespace rb::commands {

SetBoundaryCommand::SetBoundaryCommand(editor::MapDocument* document, std::vector<BoundarySegment> before,
                                       std::vector<BoundarySegment> after, const QString& text)
    : document_(document), before_(std::move(before)), after_(std::move(after))
{
    setText(text);
}

void SetBoundaryCommand::undo()
{
    document_->setBoundary(before_);
}

void SetBoundaryCommand::redo()
{
    document_->setBoundary(after_);
}

} // namespace rb::commands
