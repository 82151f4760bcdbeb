#pragma once

#include "model/CellRegion.h"

#include <QUndoCommand>

#include <vector>

namespace rb::editor {
class MapDocument;
}

namespace rb::commands {

// One terrain stroke (press, drag, release) of a terrain tool: the bed over the rectangle it
// touched, before and after. Undo and redo put those exact values back (bitwise), in the document
// and, through it, in the running simulation; the water continues from where it is.
class PaintTerrainCommand : public QUndoCommand {
public:
    // `applied`: the stroke already changed the document while it was drawn, so the first redo
    // (QUndoStack::push) has nothing to do.
    PaintTerrainCommand(editor::MapDocument* document, const CellRegion& rect, std::vector<float> before,
                        std::vector<float> after, const QString& text, bool applied = true);

    void undo() override;
    void redo() override;

    const CellRegion& rect() const { return rect_; }

private:
    editor::MapDocument* document_;
    CellRegion rect_;
    std::vector<float> before_;
    std::vector<float> after_;
    bool skipRedo_;
};

} // namespace rb::commands
