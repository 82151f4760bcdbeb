#include "commands/PaintTerrainCommand.h"

#include "document/MapDocument.h"

namespace rb::commands {

PaintTerrainCommand::PaintTerrainCommand(editor::MapDocument* document, const CellRegion& rect, std::vector<float> before,
                                         std::vector<float> after, const QString& text, bool applied)
    : document_(document), rect_(rect), before_(std::move(before)), after_(std::move(after)), skipRedo_(applied)
{
    setText(text);
}

void PaintTerrainCommand::undo()
{
    document_->setBed(rect_, before_);
}

void PaintTerrainCommand::redo()
{
    if (std::exchange(skipRedo_, false)) return;
    document_->setBed(rect_, after_);
}

} // namespace rb::commands
