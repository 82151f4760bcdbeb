#pragma once

#include "tools/TerrainBrushTool.h"

namespace rb::tools {

// Raises or lowers the terrain under the brush by `strength` metres per dab at its centre. The two
// tools differ only in the sign of the change (and in their id, name and shortcut), so they are
// one class, as the water brush is for adding and removing water.
class RaiseLowerTerrainTool : public TerrainBrushTool {
    Q_OBJECT
public:
    enum class Direction { Raise, Lower };

    RaiseLowerTerrainTool(Direction direction, ToolContext context, QObject* parent = nullptr);

    Direction direction() const { return direction_; }

protected:
    QString action() const override;
    double defaultStrength(const Map& map) const override;
    void shape(const BrushDab& dab, const FloatField& bed, std::vector<float>& values) override;

private:
    float sign() const { return direction_ == Direction::Raise ? 1.0f : -1.0f; }

    Direction direction_;
};

} // namespace rb::tools
