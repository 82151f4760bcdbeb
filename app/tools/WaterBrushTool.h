#pragma once

#include "tools/LiveBrushTool.h"

namespace rb::tools {

// A round brush that adds or removes water (down to dry ground, never below): each dab reads the
// simulation's current depths over the brush's rectangle and writes them back changed, in one
// request between two steps (LiveBrushTool); the change is booked in the ledger's `edited`. A
// stroke is one PaintWaterCommand. Adding and removing differ only in the sign of the change (and in their id,
// name and shortcut), so they are one class, as raising and lowering the terrain are.
class WaterBrushTool : public LiveBrushTool {
    Q_OBJECT
public:
    enum class Direction { Add, Remove };

    WaterBrushTool(Direction direction, ToolContext context, QObject* parent = nullptr);

    Direction direction() const { return direction_; }

protected:
    QString action() const override;
    double defaultStrength(const Map& map) const override;
    std::shared_ptr<commands::StrokeRecord> newRecord() const override;
    editor::MapDocument::DepthEdit dabEdit(const std::shared_ptr<commands::StrokeRecord>& record, BrushDab dab) const override;
    void edit(const CellRegion& rect, editor::MapDocument::DepthEdit edit) const override;
    QUndoCommand* command(const CellRegion& rect, std::shared_ptr<commands::StrokeRecord> record) const override;

private:
    float sign() const { return direction_ == Direction::Add ? 1.0f : -1.0f; }

    Direction direction_;
};

} // namespace rb::tools
