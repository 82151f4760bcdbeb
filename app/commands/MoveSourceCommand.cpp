#include "commands/MoveSourceCommand.h"

#include "commands/SourceText.h"
#include "editor/MapDocument.h"

namespace rb::commands {

MoveSourceCommand::MoveSourceCommand(editor::MapDocument* document, std::size_t index, const PointSource& before,
                                     const PointSource& after, bool applied)
    : document_(document), index_(index), before_(before), after_(after), skipRedo_(applied)
{
    const bool moved = before.x != after.x || before.y != after.y;
    setText(sourceText(moved ? "Move %1" : "Change %1", after));
}

void MoveSourceCommand::put(const PointSource& source)
{
    std::vector<PointSource> sources = document_->map().sources;
    if (index_ >= sources.size()) return;
    sources[index_] = source;
    document_->setSources(sources);
}

void MoveSourceCommand::undo()
{
    put(before_);
}

void MoveSourceCommand::redo()
{
    if (std::exchange(skipRedo_, false)) return;
    put(after_);
}

} // namespace rb::commands
