#pragma once

#include "document/WaterEdit.h"
#include "model/CellRegion.h"

namespace rb::commands {

// What a brush stroke on the live simulation's water keeps for its undo and redo
// (WaterStrokeRecord: the depths, DyeStrokeRecord: one dye channel). The water is the solver's,
// so a record is written and read on the simulation's thread only, inside water edits, which run
// in order: it needs no lock, the GUI thread just keeps it alive. The dabs are recorded through
// each record's own recordDab, which knows what its brush changes.
class StrokeRecord {
public:
    virtual ~StrokeRecord() = default;

    // Inside an edit over `rect` (the union of the dabs) queued after the last dab: fixes what
    // the stroke painted.
    virtual void finish(const CellRegion& rect, const editor::WaterEdit& edit) = 0;
    // Inside edits over the finished stroke's rectangle.
    virtual void undo(editor::WaterEdit& edit) = 0;
    virtual void redo(editor::WaterEdit& edit) = 0;
};

} // namespace rb::commands
