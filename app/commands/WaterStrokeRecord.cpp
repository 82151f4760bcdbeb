#include "commands/WaterStrokeRecord.h"

namespace rb::commands {

WaterStrokeRecord::WaterStrokeRecord(int mapWidth, int mapHeight)
    : area_{0, 0, mapWidth, mapHeight}, before_(area_.cellCount(), 0.0f), painted_(area_.cellCount(), 0)
{
}

void WaterStrokeRecord::recordDab(const CellRegion& rect, const std::vector<float>& before, const std::vector<float>& after,
                                  double editedBefore)
{
    if (!started_) editedUndone_ = editedBefore;
    started_ = true;
    for (int y = rect.y; y < rect.y + rect.height; ++y)
        for (int x = rect.x; x < rect.x + rect.width; ++x) {
            const std::size_t dab = rect.indexOf(x, y), cell = area_.indexOf(x, y);
            if (after[dab] == before[dab] || painted_[cell]) continue; // the first touch holds the depth before the stroke
            painted_[cell] = 1;
            before_[cell] = before[dab];
        }
}

void WaterStrokeRecord::finish(const CellRegion& rect, const editor::WaterEdit& edit)
{
    std::vector<float> before;
    std::vector<std::uint8_t> painted(rect.cellCount(), 0);
    for (int y = rect.y; y < rect.y + rect.height; ++y)
        for (int x = rect.x; x < rect.x + rect.width; ++x) {
            const std::size_t cell = area_.indexOf(x, y);
            painted[rect.indexOf(x, y)] = painted_[cell];
            if (painted_[cell]) before.push_back(before_[cell]);
        }
    before_ = std::move(before); // from here on: the painted cells' depths in order, like redoDepths_
    painted_ = std::move(painted);
    area_ = rect;
    redoDepths_ = paintedDepths(edit.depth);
    editedRedone_ = started_ ? edit.editedBefore : editedUndone_;
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

void WaterStrokeRecord::undo(editor::WaterEdit& edit)
{
    std::vector<float> present = paintedDepths(edit.depth);
    const bool untouchedSinceRedo = edit.editedBefore == editedRedone_ && present == redoDepths_;
    redoDepths_ = std::move(present);
    editedRedone_ = edit.editedBefore;
    writePainted(before_, edit.depth);
    if (untouchedSinceRedo) edit.restoreEdited = editedUndone_;
    edit.written = [this](double editedAfter) { editedUndone_ = editedAfter; };
}

void WaterStrokeRecord::redo(editor::WaterEdit& edit) const
{
    const bool untouchedSinceUndo = edit.editedBefore == editedUndone_ && paintedDepths(edit.depth) == before_;
    writePainted(redoDepths_, edit.depth);
    if (untouchedSinceUndo) edit.restoreEdited = editedRedone_;
}

} // namespace rb::commands
