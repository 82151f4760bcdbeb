#include "commands/WaterStrokeRecord.h"

namespace rb::commands {

void WaterStrokeRecord::recordDab(const CellRegion& rect, const std::vector<float>& before, editor::WaterEdit& edit)
{
    notePainted(rect, before, edit.depth, edit.editedBefore);
    if (!edit.tags) return;
    edit.afterWrite = [this, tags = edit.tags, rect, before, after = edit.depth] { tag_.addDab(*tags, rect, before, after); };
}

void WaterStrokeRecord::notePainted(const CellRegion& rect, const std::vector<float>& before, const std::vector<float>& after,
                                    double editedBefore)
{
    if (!started_) editedUndone_ = editedBefore;
    started_ = true;
    cells_.note(rect, [&](std::size_t i) { return after[i] != before[i]; }, [&](std::size_t i) { return before[i]; });
}

void WaterStrokeRecord::finish(const CellRegion& rect, const editor::WaterEdit& edit)
{
    before_ = cells_.finish(rect);
    redoDepths_ = cells_.pick(edit.depth);
    editedRedone_ = started_ ? edit.editedBefore : editedUndone_;
    rect_ = rect;
    stepsRedone_ = edit.steps;
}

// The tagged water goes back once the simulation has moved it (or a tagged undo came before, which
// the painted cells' record no longer describes); with nothing stepped since, putting the painted
// cells back is exact, bit for bit.
bool WaterStrokeRecord::takesTagBack(const editor::WaterEdit& edit) const
{
    return edit.tags && tag_.live(*edit.tags) && (tag_.everTakenBack() || edit.steps != stepsRedone_);
}

void WaterStrokeRecord::undo(editor::WaterEdit& edit)
{
    undoneTagged_ = takesTagBack(edit);
    aside_ = false;
    if (undoneTagged_) {
        edit.skipDepthWrite = true;
        edit.afterWrite = [this, tags = edit.tags] { tag_.takeBack(*tags, editedUndone_, editedRedone_); };
        return;
    }
    if (edit.tags && tag_.live(*edit.tags)) {
        aside_ = true;
        tag_.keepAside(*edit.tags, rect_);
        edit.afterWrite = [this, tags = edit.tags] { tag_.dropTag(*tags); };
    }
    undoPainted(edit);
}

void WaterStrokeRecord::redo(editor::WaterEdit& edit)
{
    stepsRedone_ = edit.steps;
    if (undoneTagged_) {
        edit.skipDepthWrite = true;
        edit.afterWrite = [this, tags = edit.tags] { tag_.giveBack(*tags, editedUndone_, editedRedone_); };
        return;
    }
    if (aside_ && edit.tags) edit.afterWrite = [this, tags = edit.tags] { tag_.retagAside(*tags); };
    redoPainted(edit);
}

void WaterStrokeRecord::undoPainted(editor::WaterEdit& edit)
{
    std::vector<float> present = cells_.pick(edit.depth);
    const bool untouchedSinceRedo = edit.editedBefore == editedRedone_ && present == redoDepths_;
    redoDepths_ = std::move(present);
    editedRedone_ = edit.editedBefore;
    cells_.write(before_, edit.depth);
    if (untouchedSinceRedo) edit.restoreEdited = editedUndone_;
    edit.written = [this](double editedAfter) { editedUndone_ = editedAfter; };
}

void WaterStrokeRecord::redoPainted(editor::WaterEdit& edit) const
{
    const bool untouchedSinceUndo = edit.editedBefore == editedUndone_ && cells_.pick(edit.depth) == before_;
    cells_.write(redoDepths_, edit.depth);
    if (untouchedSinceUndo) edit.restoreEdited = editedRedone_;
}

} // namespace rb::commands
