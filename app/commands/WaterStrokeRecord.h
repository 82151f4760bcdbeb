#pragma once

#include "commands/PaintedCells.h"
#include "commands/StrokeRecord.h"
#include "commands/StrokeTag.h"

#include <cstdint>
#include <vector>

namespace rb::commands {

// The depths a water stroke painted, for its undo and redo: each changed cell's depth before the
// stroke first touched it, and what redo gives back (the depths after the stroke, or those the
// water had moved on to when the stroke was undone), with the ledger's `edited` figures. An
// Add-water stroke's water is tagged too (StrokeTag): once the simulation has stepped since the
// stroke, undo takes the tagged water back wherever it flowed and redo returns it; a stroke whose
// tag was dropped (more strokes than free dye channels) falls back to its painted cells. Only the
// simulation knows them (the water is the solver's, and removal stops at dry ground): it lives on
// the simulation's thread, inside water edits (StrokeRecord).
class WaterStrokeRecord : public StrokeRecord {
public:
    // Inside a dab over `rect`: notes the cells the dab changed from `before` to `after`.
    // The dab's new depths are edit.depth; the water it added is tagged once they are written.
    void recordDab(const CellRegion& rect, const std::vector<float>& before, editor::WaterEdit& edit);
    // Inside an edit over `rect` (the union of the dabs) queued after the last dab: takes the
    // painted cells' depths after the stroke and keeps, of the cells' depths before it, only the
    // painted ones.
    void finish(const CellRegion& rect, const editor::WaterEdit& edit) override;

    // Inside edits over the finished stroke's rectangle; the cells around the painted ones keep
    // the water they have now. Undo puts the painted cells back to their depths before the
    // stroke, first keeping those they hold for redo: undo then redo gives back the present, so
    // water that flowed away in between is not made again (Brushed would count it twice).
    void undo(editor::WaterEdit& edit) override;
    void redo(editor::WaterEdit& edit) override;

private:
    void notePainted(const CellRegion& rect, const std::vector<float>& before, const std::vector<float>& after, double editedBefore);
    bool takesTagBack(const editor::WaterEdit& edit) const;
    void undoPainted(editor::WaterEdit& edit);
    void redoPainted(editor::WaterEdit& edit) const;

    PaintedCells cells_;        // the cells a dab changed, with their depths before the stroke
    std::vector<float> before_; // once finished: the painted cells' depths before the stroke, in order
    std::vector<float> redoDepths_; // the painted cells' depths that redo gives back, in order
    bool started_ = false;
    // The ledger's `edited` where undo leaves it (first: before the stroke) and where redo does
    // (first: after the stroke). When the painted cells still hold what the previous undo or redo
    // left and the figure is unchanged, nothing moved the water since: the next one puts the
    // other figure back exactly.
    double editedUndone_ = 0.0;
    double editedRedone_ = 0.0;
    StrokeTag tag_;
    CellRegion rect_;              // the finished stroke's rectangle
    std::int64_t stepsRedone_ = 0; // the solver's steps when the stroke was finished or last redone
    bool undoneTagged_ = false;    // the last undo took the tagged water back: redo gives it back
    bool aside_ = false;           // the last undo kept the tag aside (the painted cells' exact path)
};

} // namespace rb::commands
