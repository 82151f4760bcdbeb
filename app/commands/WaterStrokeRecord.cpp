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
    strokePainted_.growTo(rect, std::uint8_t{0});
    strokeBefore_.growTo(rect, 0.0f);
    for (int y = rect.y; y < rect.y + rect.height; ++y)
        for (int x = rect.x; x < rect.x + rect.width; ++x) {
            const std::size_t dab = rect.indexOf(x, y);
            std::uint8_t& painted = strokePainted_.at(x, y);
            if (after[dab] == before[dab] || painted) continue; // the first touch holds the depth before the stroke
            painted = 1;
            strokeBefore_.at(x, y) = before[dab];
        }
}

void WaterStrokeRecord::finish(const CellRegion& rect, const editor::WaterEdit& edit)
{
    // `rect` holds every dab; growing to it only adds cells no dab changed.
    strokePainted_.growTo(rect, std::uint8_t{0});
    strokeBefore_.growTo(rect, 0.0f);
    painted_ = strokePainted_.valuesIn(rect);
    const std::vector<float> before = strokeBefore_.valuesIn(rect);
    before_.clear();
    for (std::size_t i = 0; i < painted_.size(); ++i)
        if (painted_[i]) before_.push_back(before[i]);
    strokePainted_.clear();
    strokeBefore_.clear();
    redoDepths_ = paintedDepths(edit.depth);
    editedRedone_ = started_ ? edit.editedBefore : editedUndone_;
    rect_ = rect;
    stepsRedone_ = edit.steps;
}

std::vector<float> WaterStrokeRecord::paintedDepths(const std::vector<float>& depth) const
{
    std::vector<float> values;
    values.reserve(before_.size());
    for (std::size_t i = 0; i < painted_.size(); ++i)
        if (painted_[i]) values.push_back(depth[i]);
    return values;
}

void WaterStrokeRecord::writePainted(const std::vector<float>& values, std::vector<float>& depth) const
{
    auto value = values.begin();
    for (std::size_t i = 0; i < painted_.size(); ++i)
        if (painted_[i]) depth[i] = *value++;
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
    std::vector<float> present = paintedDepths(edit.depth);
    const bool untouchedSinceRedo = edit.editedBefore == editedRedone_ && present == redoDepths_;
    redoDepths_ = std::move(present);
    editedRedone_ = edit.editedBefore;
    writePainted(before_, edit.depth);
    if (untouchedSinceRedo) edit.restoreEdited = editedUndone_;
    edit.written = [this](double editedAfter) { editedUndone_ = editedAfter; };
}

void WaterStrokeRecord::redoPainted(editor::WaterEdit& edit) const
{
    const bool untouchedSinceUndo = edit.editedBefore == editedUndone_ && paintedDepths(edit.depth) == before_;
    writePainted(redoDepths_, edit.depth);
    if (untouchedSinceUndo) edit.restoreEdited = editedRedone_;
}

} // namespace rb::commands
