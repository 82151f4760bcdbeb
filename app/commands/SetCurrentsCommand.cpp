#include "commands/SetCurrentsCommand.h"

#include "commands/CommandIds.h"
#include "document/MapDocument.h"

namespace rb::commands {

SetCurrentsCommand::SetCurrentsCommand(editor::MapDocument* document, StoredCurrents before, StoredCurrents after,
                                       const QString& text)
    : document_(document), before_(std::move(before)), after_(std::move(after))
{
    setText(text);
}

void SetCurrentsCommand::undo()
{
    document_->setCurrents(before_);
}

void SetCurrentsCommand::redo()
{
    document_->setCurrents(after_);
}

// An id of its own (it never merges: mergeWith stays QUndoCommand's, which refuses), so that the
// undo history can tell it from other commands.
int SetCurrentsCommand::id() const
{
    return SetCurrentsId;
}

} // namespace rb::commands
