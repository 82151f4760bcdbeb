#pragma once

#include "model/CellRegion.h"

#include <cstdint>
#include <vector>

namespace rb::editor {
class WaterTags;
}

namespace rb::commands {

// The tagged water of one Add-water stroke (editor::WaterTags, docs/editor.md "Undo"): each dab
// tags the water it added, and the solver carries the tag with the water as it carries dye, so
// undo can take the stroke's water back wherever it has flowed since, and redo can put back what
// undo took, where it was then. Written and read on the simulation's thread only, inside water
// edits (like WaterStrokeRecord, which owns it).
class StrokeTag {
public:
    StrokeTag();

    // After a dab's depths are written over `rect`: what it added (after − before, where > 0)
    // joins the tag. Without a free channel the stroke goes untagged.
    void addDab(editor::WaterTags& tags, const CellRegion& rect, const std::vector<float>& before, const std::vector<float>& after);
    // The tag still rides on the solver, whole (no channel taken away since the stroke began).
    bool live(const editor::WaterTags& tags) const;
    bool everTakenBack() const { return takenBack_; }

    // Undo: every cell gives up its tagged water (at most its depth) and the tag goes. The ledger's
    // `edited` goes back exactly to `editedUndone` when nothing else was booked since the stroke
    // (it stands at `editedRedone`) and all its water was still on the map (to rounding: it did not
    // leave through the boundary, drains or evaporation); otherwise the removal is booked. Either
    // way `editedUndone` learns the figure left.
    void takeBack(editor::WaterTags& tags, double& editedUndone, double editedRedone);
    // Redo: the water taken back returns to the cells it was taken from, tagged again; a cell that
    // still holds what undo left gets its depth from before the undo exactly (then, with the ledger
    // unmoved, `edited` goes back to `editedRedone`, else the return is booked).
    void giveBack(editor::WaterTags& tags, double editedUndone, double& editedRedone);

    // The exact path of a stroke nothing moved since (WaterStrokeRecord puts the painted cells
    // back itself): the tag over `rect` is kept aside, then dropped; redo tags it again.
    void keepAside(editor::WaterTags& tags, const CellRegion& rect);
    void dropTag(editor::WaterTags& tags);
    void retagAside(editor::WaterTags& tags);

    // Of the removed water, the share booking may differ from the stroke's figure by (rounding of
    // the carried tag) and still count as all of it.
    static constexpr double kRoundingShare = 1e-5;

private:
    std::uint64_t id_;
    int channel_ = -1;
    bool broken_ = false;   // a dab found its channel taken: the tag is partial, so never used
    bool takenBack_ = false; // a tagged undo happened: the exact painted-cells path no longer applies
    // What the last tagged undo did, over the rectangle of the cells the tag had reached.
    CellRegion rect_;
    std::vector<float> removed_, depthBefore_, depthAfter_;
    // The exact path's tag over the stroke's rectangle.
    CellRegion asideRect_;
    std::vector<float> aside_;
};

} // namespace rb::commands
