#pragma once

#include "commands/DyeStrokeRecord.h"
#include "tools/BrushTool.h"

#include <memory>

class QComboBox;

namespace rb::tools {

// A round brush that dyes the water under it with one channel (issue 13): each dab raises the
// concentration towards 1 by the strength times the brush's falloff, c ← c + s·w·(1 − c), in the
// water as it is then (the dyed depth is c·h, never more than the water). A stroke is one
// PaintDyeCommand; the change is booked in the channel's ledger as edited. Dry ground takes no dye.
class DyeBrushTool : public BrushTool {
    Q_OBJECT
public:
    explicit DyeBrushTool(ToolContext context, QObject* parent = nullptr);

    int channel() const { return channel_; }
    void setChannel(int channel);

protected:
    QString action() const override;
    StrengthSpec strengthSpec() const override;
    double defaultStrength(const Map& map) const override;
    void addOptions(OptionsRow* row) override;
    void beginStroke(const view::PickResult& at) override;
    void dab(WorldPoint centre) override;
    void endStroke() override;
    void cancelStroke() override;
    void abandonStroke() override;

private:
    void finishRecord();

    int channel_ = 0;
    QComboBox* channelBox_ = nullptr;
    std::shared_ptr<commands::DyeStrokeRecord> stroke_;
    CellRegion touched_;
};

} // namespace rb::tools
