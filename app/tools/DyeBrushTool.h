#pragma once

#include "tools/LiveBrushTool.h"

class QComboBox;

namespace rb::tools {

// A round brush that dyes the water under it with one channel (issue 13): each dab raises the
// concentration towards 1 by the strength times the brush's falloff, c ← c + s·w·(1 − c), in the
// water as it is then (the dyed depth is c·h, never more than the water). A stroke is one
// PaintDyeCommand; the change is booked in the channel's ledger as edited. Dry ground takes no dye.
class DyeBrushTool : public LiveBrushTool {
    Q_OBJECT
public:
    explicit DyeBrushTool(ToolContext context, QObject* parent = nullptr);

    int channel() const { return channel_; }
    void setChannel(int channel);

protected:
    QString action() const override;
    void addOptions(OptionsRow* row) override;
    std::shared_ptr<commands::StrokeRecord> newRecord() const override;
    editor::MapDocument::DepthEdit dabEdit(const std::shared_ptr<commands::StrokeRecord>& record, BrushDab dab) const override;
    void edit(const CellRegion& rect, editor::MapDocument::DepthEdit edit) const override;
    QUndoCommand* command(const CellRegion& rect, std::shared_ptr<commands::StrokeRecord> record) const override;

private:
    int channel_ = 0;
    QComboBox* channelBox_ = nullptr;
};

} // namespace rb::tools
