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

// A stroke in progress on one layer of the terrain (its bed, or its erodibility): the layer as it
// was before the stroke, kept only over the rectangle the stroke has touched (grown as it goes, so
// a stroke on a large map copies a brush's worth of cells, not the map). Each dab changes the
// document (and through it the simulation and the view) at once; finishing turns the whole stroke
// into one command holding that rectangle, before and after (PaintTerrainCommand,
// PaintErodibilityCommand).
class TerrainStroke {
public:
    enum class Layer { Bed, Erodibility };

    explicit TerrainStroke(Layer layer = Layer::Bed) : layer_(layer) {}

    // False (and no stroke) when the bed is refused while the simulation erodes it: the
    // document's bed is behind it. The erodibility is never refused.
    bool begin(editor::MapDocument* document);
    static QString refusal(); // what the status bar says when begin() refused
    bool active() const { return document_ != nullptr; }
    // The layer's values over `rect` now, row-major.
    std::vector<float> valuesIn(const editor::MapDocument& document, const CellRegion& rect) const;
    // Keeps the layer over `rect` as it is now, where the stroke has not touched it yet; call
    // before reading originalAt() there. apply() does it itself.
    void include(const CellRegion& rect);
    // The layer at map cell (x, y) when the stroke began; (x, y) must lie in an included rectangle.
    float originalAt(int x, int y) const { return original_.at(x, y); }
    void apply(const CellRegion& rect, const std::vector<float>& values);
    // The command for the undo stack (already applied), or null when nothing changed.
    std::unique_ptr<QUndoCommand> finish(const QString& text);
    void cancel();  // puts the original layer back
    void abandon(); // forgets the stroke, changing nothing (its map was replaced)

private:
    void write(const CellRegion& rect, const std::vector<float>& values) const;
    std::unique_ptr<QUndoCommand> commandFor(std::vector<float> after, const QString& text) const;

    Layer layer_;
    editor::MapDocument* document_ = nullptr;
    FieldPatch<float> original_; // the layer before the stroke, over every rectangle it touched
};

} // namespace rb::tools
