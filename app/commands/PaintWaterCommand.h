#pragma once

#include "commands/LiveStrokeCommand.h"
#include "commands/WaterStrokeRecord.h"

namespace rb::commands {

// One stroke of a water brush, already applied live while it was drawn. Undo puts the painted
// cells back to their depths before the stroke; redo gives back what they held when it was undone
// (the depths after the stroke, unless the water has moved on since). Never re-adding the
// stroke's change onto water that has flowed away keeps undo and redo from adding up. The change
// is booked in ledger.edited; when nothing moved the water in between, the ledger gets its earlier
// figure back exactly (WaterStrokeRecord).
class PaintWaterCommand : public LiveStrokeCommand {
public:
    PaintWaterCommand(editor::MapDocument* document, const CellRegion& rect, std::shared_ptr<WaterStrokeRecord> stroke,
                      const QString& text);

protected:
    void edit(editor::MapDocument& document, const CellRegion& rect, editor::MapDocument::DepthEdit edit) const override;
};

} // namespace rb::commands
