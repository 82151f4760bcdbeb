#pragma once

#include "model/CellRegion.h"
#include "model/FieldPatch.h"

#include <QString>

#include <memory>
#include <vector>

class QUndoCommand;

namespace rb::editor {
class MapDocument;
}

namespace rb::tools {

// A terrain stroke in progress: the bed as it was before the stroke, kept only over the rectangle
// the stroke has touched (grown as it goes, so a stroke on a large map copies a brush's worth of
// cells, not the map). Each dab changes the document (and through it the simulation and the view)
// at once; finishing turns the whole stroke into one PaintTerrainCommand holding that rectangle,
// before and after.
class TerrainStroke {
public:
    // False (and no stroke) while the simulation erodes the bed: the document's bed is behind it.
    bool begin(editor::MapDocument* document);
    static QString refusal(); // what the status bar says when begin() refused
    bool active() const { return document_ != nullptr; }
    // Keeps the bed over `rect` as it is now, where the stroke has not touched it yet; call before
    // reading originalAt() there. apply() does it itself.
    void include(const CellRegion& rect);
    // The bed at map cell (x, y) when the stroke began; (x, y) must lie in an included rectangle.
    float originalAt(int x, int y) const { return original_.at(x, y); }
    void apply(const CellRegion& rect, const std::vector<float>& bed);
    // The command for the undo stack (already applied), or null when nothing changed.
    std::unique_ptr<QUndoCommand> finish(const QString& text);
    void cancel();  // puts the original terrain back
    void abandon(); // forgets the stroke, changing nothing (its map was replaced)

private:
    editor::MapDocument* document_ = nullptr;
    FieldPatch<float> original_; // the bed before the stroke, over every rectangle it touched
};

} // namespace rb::tools
