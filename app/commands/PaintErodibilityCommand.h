#pragma once

#include "commands/CommandIds.h"
#include "model/CellRegion.h"

#include <QUndoCommand>

#include <vector>

namespace rb::editor {
class MapDocument;
}

namespace rb::commands {

// One stroke of the erodibility brush: the erodibility over the rectangle it touched, before and
// after. Undo and redo put those exact values back (bitwise) in the document and, through it, in
// the running simulation.
class PaintErodibilityCommand : public QUndoCommand {
public:
    // `applied`: the stroke changed the document while it was drawn; the first redo has nothing to do.
    PaintErodibilityCommand(editor::MapDocument* document, const CellRegion& rect, std::vector<float> before, std::vector<float> after,
                            const QString& text, bool applied = true);

    void undo() override;
    void redo() override;
    int id() const override { return PaintErodibilityId; }

    const CellRegion& rect() const { return rect_; }

private:
    editor::MapDocument* document_;
    CellRegion rect_;
    std::vector<float> before_;
    std::vector<float> after_;
    bool skipRedo_;
};

} // namespace rb::commands
