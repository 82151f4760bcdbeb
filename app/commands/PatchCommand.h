#pragma once

#include "model/CellRegion.h"

#include <QUndoCommand>

#include <vector>

namespace rb::editor {
class MapDocument;
}

namespace rb::commands {

// What the stroke commands of the map's layers share (PaintTerrainCommand: the bed,
// PaintErodibilityCommand: the erodibility), as Tiled's paint commands keep only the painted
// region: one layer's values over the rectangle a stroke touched, before and after. Undo and redo
// put those exact values back (bitwise) in the document and, through it, in the running
// simulation. Each layer's command stays its own small class; it says only where the values go.
class PatchCommand : public QUndoCommand {
public:
    // `applied`: the stroke already changed the document while it was drawn, so the first redo
    // (QUndoStack::push) has nothing to do. (Public, so that each layer's command inherits it.)
    PatchCommand(editor::MapDocument* document, const CellRegion& rect, std::vector<float> before, std::vector<float> after,
                 const QString& text, bool applied = true);

    const CellRegion& rect() const { return rect_; }

    void undo() override;
    void redo() override;

protected:

    // Writes `values` (over rect(), row-major) into the command's layer of the document.
    virtual void write(editor::MapDocument& document, const std::vector<float>& values) const = 0;

private:
    editor::MapDocument* document_;
    CellRegion rect_;
    std::vector<float> before_;
    std::vector<float> after_;
    bool skipRedo_;
};

} // namespace rb::commands
