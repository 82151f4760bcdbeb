#pragma once

#include "commands/StrokeRecord.h"
#include "document/MapDocument.h"
#include "tools/BrushDab.h"
#include "tools/BrushTool.h"

#include <memory>

namespace rb::tools {

// What the brushes on the live simulation's water share (WaterBrushTool: the depths, DyeBrushTool:
// one dye channel): each dab is one edit of the solver's water over the brush's rectangle, between
// two steps, which paints and notes in the stroke's StrokeRecord what it changed; the stroke's
// rectangle grows dab by dab. Releasing queues an edit that finishes the record and makes the
// stroke one command; Esc finishes it too and undoes it as the command would.
class LiveBrushTool : public BrushTool {
    Q_OBJECT
public:
    LiveBrushTool(ToolIdentity identity, ToolContext context, QObject* parent = nullptr);

protected:
    virtual std::shared_ptr<commands::StrokeRecord> newRecord() const = 0;
    // The edit one dab makes: it changes the water by `dab` and notes the change in `record`
    // (the one newRecord() made).
    virtual editor::MapDocument::DepthEdit dabEdit(const std::shared_ptr<commands::StrokeRecord>& record, BrushDab dab) const = 0;
    // Queues `edit` on the water this brush paints, over `rect`.
    virtual void edit(const CellRegion& rect, editor::MapDocument::DepthEdit edit) const = 0;
    // The finished stroke over `rect` as its command.
    virtual QUndoCommand* command(const CellRegion& rect, std::shared_ptr<commands::StrokeRecord> record) const = 0;

    void beginStroke(const view::PickResult& at) override;
    void dab(WorldPoint centre) override;
    void endStroke() override;
    void cancelStroke() override;
    void abandonStroke() override;

private:
    // Queued after the dabs: the record takes what the stroke left over `touched_`.
    void finishRecord();

    std::shared_ptr<commands::StrokeRecord> stroke_;
    CellRegion touched_; // grown dab by dab, as the record is
};

} // namespace rb::tools
