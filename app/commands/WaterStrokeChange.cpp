#include "commands/WaterStrokeChange.h"

#include <algorithm>

namespace rb::commands {

WaterStrokeChange::WaterStrokeChange(int mapWidth, int mapHeight)
    : area_{0, 0, mapWidth, mapHeight}, change_(area_.cellCount(), 0.0f)
{
}

float& WaterStrokeChange::at(int x, int y)
{
    return change_[static_cast<std::size_t>(y - area_.y) * static_cast<std::size_t>(area_.width) + static_cast<std::size_t>(x - area_.x)];
}

float WaterStrokeChange::at(int x, int y) const
{
    const bool inside = x >= area_.x && y >= area_.y && x < area_.x + area_.width && y < area_.y + area_.height;
    return inside ? change_[static_cast<std::size_t>(y - area_.y) * static_cast<std::size_t>(area_.width) + static_cast<std::size_t>(x - area_.x)]
                  : 0.0f;
}

void WaterStrokeChange::record(const CellRegion& rect, const std::vector<float>& before, const std::vector<float>& after)
{
    for (int row = 0; row < rect.height; ++row)
        for (int column = 0; column < rect.width; ++column) {
            const std::size_t i = static_cast<std::size_t>(row) * static_cast<std::size_t>(rect.width) + static_cast<std::size_t>(column);
            at(rect.x + column, rect.y + row) += after[i] - before[i];
        }
}

void WaterStrokeChange::compact(const CellRegion& rect)
{
    std::vector<float> kept(rect.cellCount());
    for (int row = 0; row < rect.height; ++row)
        for (int column = 0; column < rect.width; ++column)
            kept[static_cast<std::size_t>(row) * static_cast<std::size_t>(rect.width) + static_cast<std::size_t>(column)] =
                at(rect.x + column, rect.y + row);
    change_ = std::move(kept);
    area_ = rect;
}

void WaterStrokeChange::apply(const CellRegion& rect, std::vector<float>& depth, float sign) const
{
    for (int row = 0; row < rect.height; ++row)
        for (int column = 0; column < rect.width; ++column) {
            float& d = depth[static_cast<std::size_t>(row) * static_cast<std::size_t>(rect.width) + static_cast<std::size_t>(column)];
            d = std::max(0.0f, d + sign * at(rect.x + column, rect.y + row));
        }
}

} // namespace rb::commands
