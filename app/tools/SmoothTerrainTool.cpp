#include "tools/SmoothTerrainTool.h"

#include <algorithm>

namespace rb::tools {

SmoothTerrainTool::SmoothTerrainTool(ToolContext context, QObject* parent)
    : TerrainBrushTool({"smooth", tr("Smooth terrain"), QKeySequence(Qt::Key_S), tr("Smooth bumps and edges under the brush")},
                       std::move(context), parent)
{
    setStrengthSpec({tr("Amount"), 0.01, 1.0, 2, QString(), tr("Share of the way to the neighbours' mean each dab goes at the brush's centre"), 0.5});
}

QString SmoothTerrainTool::action() const
{
    return tr("to smooth the terrain");
}

void SmoothTerrainTool::shape(const BrushDab& dab, const FloatField& bed, std::vector<float>& values)
{
    const CellRegion& r = dab.rect;
    for (int row = 0; row < r.height; ++row)
        for (int column = 0; column < r.width; ++column) {
            const std::size_t i = static_cast<std::size_t>(row) * static_cast<std::size_t>(r.width) + static_cast<std::size_t>(column);
            if (dab.weights[i] <= 0.0f) continue;
            const int x = r.x + column, y = r.y + row;
            double sum = 0.0;
            for (int dy = -1; dy <= 1; ++dy)
                for (int dx = -1; dx <= 1; ++dx)
                    sum += bed(std::clamp(x + dx, 0, bed.width() - 1), std::clamp(y + dy, 0, bed.height() - 1));
            const double mean = sum / 9.0;
            values[i] = static_cast<float>(values[i] + strength() * dab.weights[i] * (mean - values[i]));
        }
}

} // namespace rb::tools
