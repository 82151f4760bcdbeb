#pragma once

#include "commands/WaterStrokeRecord.h"
#include "tools/BrushTool.h"

#include <memory>

namespace rb::tools {

// A round brush that adds (sign +1) or removes (−1) water: each dab reads the simulation's
// current depths over the brush's rectangle and writes them back changed, in one request between
// two steps; the change is booked in the ledger's `edited`. A stroke is one PaintWaterCommand.
class WaterBrushTool : public BrushTool {
    Q_OBJECT
public:
    WaterBrushTool(QString id, QString name, QKeySequence shortcut, QString description, ToolContext context,
                   QObject* parent = nullptr);

protected:
    virtual float sign() const = 0;
    StrengthSpec strengthSpec() const override;
    double defaultStrength(const Map& map) const override;
    void beginStroke(const view::PickResult& at) override;
    void dab(WorldPoint centre) override;
    void endStroke() override;
    void cancelStroke() override;
    void abandonStroke() override;

private:
    // Queued after the dabs: the record takes the depths the stroke left over `touched_`.
    void finishRecord();

    std::shared_ptr<commands::WaterStrokeRecord> stroke_;
    CellRegion touched_;
};

} // namespace rb::tools
