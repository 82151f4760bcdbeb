#include "commands/PaintErodibilityCommand.h"

#include "document/MapDocument.h"

#include <utility>

namespace rb::commands {

PaintErodibilityCommand::PaintErodibilityCommand(editor::MapDocument* document, const CellRegion& rect, std::vector<float> before,
                                                 std::vector<float> after, const QString& text, bool applied)
    : document_(document), rect_(rect), before_(std::move(before)), after_(std::move(after)), skipRedo_(applied)
{
    setText(text);
}

void PaintErodibilityCommand::undo()
{
    document_->setErodibility(rect_, before_);
}

void PaintErodibilityCommand::redo()
{
    if (std::exchange(skipRedo_, false)) return;
    document_->setErodibility(rect_, after_);
}

} // namespace rb::commands
