#pragma once

#include "model/CellRegion.h"
#include "model/Field.h"

#include <QString>

#include <memory>
#include <vector>

class QUndoCommand;

namespace rb::editor {
class MapDocument;
}

namespace rb::tools {

// A terrain stroke in progress: the bed as it was when the button went down and the rectangle the
// stroke has touched since. Each dab changes the document (and through it the simulation and the
// view) at once; finishing turns the whole stroke into one PaintTerrainCommand holding only the
// touched rectangle, before and after.
class TerrainStroke {
public:
    void begin(editor::MapDocument* document);
    bool active() const { return document_ != nullptr; }
    const FloatField& original() const { return original_; } // the bed when the stroke began
    void apply(const CellRegion& rect, const std::vector<float>& bed);
    // The command for the undo stack (already applied), or null when nothing changed.
    std::unique_ptr<QUndoCommand> finish(const QString& text);
    void cancel();  // puts the original terrain back
    void abandon(); // forgets the stroke, changing nothing (its map was replaced)

private:
    editor::MapDocument* document_ = nullptr;
    FloatField original_;
    CellRegion touched_;
};

} // namespace rb::tools
