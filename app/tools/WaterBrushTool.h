#pragma once

#include "commands/WaterStrokeRecord.h"
#include "tools/BrushTool.h"

#include <memory>

namespace rb::tools {

// A round brush that adds or removes water (down to dry ground, never below): each dab reads the
// simulation's current depths over the brush's rectangle and writes them back changed, in one
// request between two steps; the change is booked in the ledger's `edited`. A stroke is one
// PaintWaterCommand. Adding and removing differ only in the sign of the change (and in their id,
// name and shortcut), so they are one class, as raising and lowering the terrain are.
class WaterBrushTool : public BrushTool {
    Q_OBJECT
public:
    enum class Direction { Add, Remove };

    WaterBrushTool(Direction direction, ToolContext context, QObject* parent = nullptr);

    Direction direction() const { return direction_; }

protected:
    QString action() const override;
    StrengthSpec strengthSpec() const override;
    double defaultStrength(const Map& map) const override;
    void beginStroke(const view::PickResult& at) override;
    void dab(WorldPoint centre) override;
    void endStroke() override;
    void cancelStroke() override;
    void abandonStroke() override;

private:
    float sign() const { return direction_ == Direction::Add ? 1.0f : -1.0f; }
    // Queued after the dabs: the record takes the depths the stroke left over `touched_`.
    void finishRecord();

    Direction direction_;
    std::shared_ptr<commands::WaterStrokeRecord> stroke_;
    CellRegion touched_; // grown dab by dab, as the record is
};

} // namespace rb::tools
