#pragma once

#include "commands/DyeStrokeRecord.h"

#include <QUndoCommand>

#include <memory>

namespace rb::editor {
class MapDocument;
}

namespace rb::commands {

// One stroke of the dye brush on one channel, already applied live while it was drawn. Undo gives
// the painted cells the concentration they had before the stroke, redo the one it left (in the
// water they hold then); the change is booked in the channel's ledger as edited.
class PaintDyeCommand : public QUndoCommand {
public:
    PaintDyeCommand(editor::MapDocument* document, const CellRegion& rect, int channel, std::shared_ptr<DyeStrokeRecord> stroke,
                    const QString& text);

    void undo() override;
    void redo() override;

private:
    editor::MapDocument* document_;
    CellRegion rect_;
    int channel_;
    std::shared_ptr<DyeStrokeRecord> stroke_;
    bool firstRedo_ = true; // QUndoStack::push calls redo(): the stroke is on the map already
};

} // namespace rb::commands
