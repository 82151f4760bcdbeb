#pragma once

#include "commands/StrokeRecord.h"
#include "document/MapDocument.h"

#include <QUndoCommand>

#include <memory>

namespace rb::commands {

// What the commands of the water brushes share (PaintWaterCommand, PaintDyeCommand): a stroke
// already applied live while it was drawn, undone and redone by its StrokeRecord inside an edit
// of the simulation's water over the stroke's rectangle. Each brush's command stays its own small
// class; it says only which edit (the depths, or one dye channel) reaches the water.
class LiveStrokeCommand : public QUndoCommand {
public:
    void undo() override;
    void redo() override;

protected:
    LiveStrokeCommand(editor::MapDocument* document, const CellRegion& rect, std::shared_ptr<StrokeRecord> stroke, const QString& text);

    // Queues `edit` on the simulation's water over `rect`.
    virtual void edit(editor::MapDocument& document, const CellRegion& rect, editor::MapDocument::DepthEdit edit) const = 0;

private:
    editor::MapDocument* document_;
    CellRegion rect_;
    std::shared_ptr<StrokeRecord> stroke_;
    bool firstRedo_ = true; // QUndoStack::push calls redo(): the stroke is on the map already
};

} // namespace rb::commands
