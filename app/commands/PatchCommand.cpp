#include "commands/PatchCommand.h"

#include <utility>

namespace rb::commands {

PatchCommand::PatchCommand(editor::MapDocument* document, const CellRegion& rect, std::vector<float> before, std::vector<float> after,
                           const QString& text, bool applied)
    : document_(document), rect_(rect), before_(std::move(before)), after_(std::move(after)), skipRedo_(applied)
{
    setText(text);
}

void PatchCommand::undo()
{
    write(*document_, before_);
}

void PatchCommand::redo()
{
    if (std::exchange(skipRedo_, false)) return;
    write(*document_, after_);
}

} // namespace rb::commands
