#include "commands/SetBoundaryCommand.h"

#include "document/MapDocument.h"

namespace rb::commands {

SetBoundaryCommand::SetBoundaryCommand(editor::MapDocument* document, std::vector<BoundarySegment> before,
                                       std::vector<BoundarySegment> after, const QString& text, const QString& mergeKey)
    : document_(document), before_(std::move(before)), after_(std::move(after)), mergeKey_(mergeKey)
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

bool SetBoundaryCommand::mergeWith(const QUndoCommand* other)
{
    const auto* next = static_cast<const SetBoundaryCommand*>(other);
    if (next->document_ != document_ || next->mergeKey_ != mergeKey_) return false;
    after_ = next->after_;
    return true;
}

} // namespace rb::commands
