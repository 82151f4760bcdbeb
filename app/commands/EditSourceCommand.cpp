#include "commands/EditSourceCommand.h"

#include "commands/SourceText.h"
#include "document/MapDocument.h"

namespace rb::commands {

EditSourceCommand::EditSourceCommand(editor::MapDocument* document, std::size_t index, const PointSource& before,
                                     const PointSource& after, bool applied)
    : document_(document), index_(index), before_(before), after_(after), skipRedo_(applied),
      moved_(before.x != after.x || before.y != after.y)
{
    setText(sourceText(moved_ ? "Move %1" : "Change %1", after));
}

bool EditSourceCommand::mergeWith(const QUndoCommand* other)
{
    const auto* next = static_cast<const EditSourceCommand*>(other);
    if (next->document_ != document_ || next->index_ != index_ || next->moved_) return false;
    after_ = next->after_;
    setText(sourceText("Change %1", after_));
    return true;
}

void EditSourceCommand::put(const PointSource& source)
{
    std::vector<PointSource> sources = document_->map().sources;
    if (index_ >= sources.size()) return;
    sources[index_] = source;
    document_->setSources(sources);
}

void EditSourceCommand::undo()
{
    put(before_);
}

void EditSourceCommand::redo()
{
    if (std::exchange(skipRedo_, false)) return;
    put(after_);
}

} // namespace rb::commands
