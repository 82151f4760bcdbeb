#pragma once

#include "commands/WaterStrokeChange.h"

#include <QUndoCommand>

#include <memory>

namespace rb::editor {
class MapDocument;
}

namespace rb::commands {

// One stroke of a water brush. The water moves on after the stroke, so undo does not restore old
// depths: it takes back the depth the stroke added (or gives back what it removed) from the water
// as it is now, never below dry; redo applies the change again. Both are booked in ledger.edited.
class PaintWaterCommand : public QUndoCommand {
public:
    PaintWaterCommand(editor::MapDocument* document, const CellRegion& rect, std::shared_ptr<WaterStrokeChange> change,
                      const QString& text, bool applied = true);

    void undo() override;
    void redo() override;

private:
    editor::MapDocument* document_;
    CellRegion rect_;
    std::shared_ptr<WaterStrokeChange> change_;
    bool skipRedo_;
};

} // namespace rb::commands
