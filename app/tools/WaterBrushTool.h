#pragma once

#include "commands/WaterStrokeChange.h"
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
    std::shared_ptr<commands::WaterStrokeChange> change_;
    CellRegion touched_;
};

} // namespace rb::tools
