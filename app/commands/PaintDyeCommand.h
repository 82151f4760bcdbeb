#pragma once

#include "commands/DyeStrokeRecord.h"
#include "commands/LiveStrokeCommand.h"

namespace rb::commands {

// One stroke of the dye brush on one channel, already applied live while it was drawn. Undo gives
// the painted cells the concentration they had before the stroke, redo the one it left (in the
// water they hold then); the change is booked in the channel's ledger as edited.
class PaintDyeCommand : public LiveStrokeCommand {
public:
    PaintDyeCommand(editor::MapDocument* document, const CellRegion& rect, int channel, std::shared_ptr<DyeStrokeRecord> stroke,
                    const QString& text);

protected:
    void edit(editor::MapDocument& document, const CellRegion& rect, editor::MapDocument::DepthEdit edit) const override;

private:
    int channel_;
};

} // namespace rb::commands
