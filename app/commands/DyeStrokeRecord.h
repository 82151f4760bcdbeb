#pragma once

#include "commands/PaintedCells.h"
#include "commands/StrokeRecord.h"

#include <vector>

namespace rb::commands {

// The concentrations a dye stroke painted, for its undo and redo: each painted cell's concentration
// before the stroke first touched it and after the stroke. Concentrations, not dyed depths: the
// water moves on, and undo puts back what the water there carried (d = c·h for the depth it has
// then), so it can never ask for more dye than water. It lives on the simulation's thread, inside
// dye edits (StrokeRecord).
class DyeStrokeRecord : public StrokeRecord {
public:
    // Inside a dab over `rect`: notes the cells the dab changed, with their concentration before.
    void recordDab(const CellRegion& rect, const editor::WaterEdit& before, const std::vector<float>& dyeAfter);
    // Inside an edit over the stroke's rectangle queued after the last dab: takes the painted
    // cells' concentrations after the stroke.
    void finish(const CellRegion& rect, const editor::WaterEdit& edit) override;

    // Inside edits over the finished stroke's rectangle: the painted cells get their concentration
    // before (undo) or after (redo) the stroke; the others keep theirs.
    void undo(editor::WaterEdit& edit) override { apply(before_, edit); }
    void redo(editor::WaterEdit& edit) override { apply(after_, edit); }

    // The concentration a dyed depth means in water `depth` deep (0 where dry).
    static float concentration(float dyed, float depth);

private:
    void apply(const std::vector<float>& concentrations, editor::WaterEdit& edit) const;

    PaintedCells cells_;
    std::vector<float> before_, after_; // the painted cells' concentrations, in order
};

} // namespace rb::commands
