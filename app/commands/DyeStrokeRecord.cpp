#include "commands/DyeStrokeRecord.h"

#include <algorithm>

namespace rb::commands {

float DyeStrokeRecord::concentration(float dyed, float depth)
{
    return depth > 0.0f ? std::clamp(dyed / depth, 0.0f, 1.0f) : 0.0f;
}

void DyeStrokeRecord::recordDab(const CellRegion& rect, const editor::WaterEdit& before, const std::vector<float>& dyeAfter)
{
    strokePainted_.growTo(rect, std::uint8_t{0});
    strokeBefore_.growTo(rect, 0.0f);
    for (int y = rect.y; y < rect.y + rect.height; ++y)
        for (int x = rect.x; x < rect.x + rect.width; ++x) {
            const std::size_t i = rect.indexOf(x, y);
            std::uint8_t& painted = strokePainted_.at(x, y);
            if (dyeAfter[i] == before.dye[i] || painted) continue; // the first touch holds the concentration before
            painted = 1;
            strokeBefore_.at(x, y) = concentration(before.dye[i], before.depth[i]);
        }
}

void DyeStrokeRecord::finish(const CellRegion& rect, const editor::WaterEdit& edit)
{
    strokePainted_.growTo(rect, std::uint8_t{0});
    strokeBefore_.growTo(rect, 0.0f);
    painted_ = strokePainted_.valuesIn(rect);
    const std::vector<float> before = strokeBefore_.valuesIn(rect);
    before_.clear();
    after_.clear();
    for (std::size_t i = 0; i < painted_.size(); ++i) {
        if (!painted_[i]) continue;
        before_.push_back(before[i]);
        after_.push_back(concentration(edit.dye[i], edit.depth[i]));
    }
    strokePainted_.clear();
    strokeBefore_.clear();
}

void DyeStrokeRecord::apply(const std::vector<float>& concentrations, editor::WaterEdit& edit) const
{
    std::size_t k = 0;
    for (std::size_t i = 0; i < painted_.size() && i < edit.dye.size(); ++i)
        if (painted_[i]) edit.dye[i] = std::min(concentrations[k++] * edit.depth[i], edit.depth[i]);
}

} // namespace rb::commands
