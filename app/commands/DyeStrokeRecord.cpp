#include "commands/DyeStrokeRecord.h"

#include <algorithm>

namespace rb::commands {

float DyeStrokeRecord::concentration(float dyed, float depth)
{
    return depth > 0.0f ? std::clamp(dyed / depth, 0.0f, 1.0f) : 0.0f;
}

void DyeStrokeRecord::recordDab(const CellRegion& rect, const editor::WaterEdit& before, const std::vector<float>& dyeAfter)
{
    cells_.note(rect, [&](std::size_t i) { return dyeAfter[i] != before.dye[i]; },
                [&](std::size_t i) { return concentration(before.dye[i], before.depth[i]); });
}

void DyeStrokeRecord::finish(const CellRegion& rect, const editor::WaterEdit& edit)
{
    before_ = cells_.finish(rect);
    after_.clear();
    cells_.forEach([&](std::size_t i, std::size_t) { after_.push_back(concentration(edit.dye[i], edit.depth[i])); });
}

void DyeStrokeRecord::apply(const std::vector<float>& concentrations, editor::WaterEdit& edit) const
{
    cells_.forEach([&](std::size_t i, std::size_t k) {
        if (i < edit.dye.size()) edit.dye[i] = std::min(concentrations[k] * edit.depth[i], edit.depth[i]);
    });
}

} // namespace rb::commands
