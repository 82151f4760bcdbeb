#include "commands/PaintedCells.h"

namespace rb::commands {

std::vector<float> PaintedCells::finish(const CellRegion& rect)
{
    // `rect` holds every dab; growing to it only adds cells no dab changed.
    strokePainted_.growTo(rect, std::uint8_t{0});
    strokeBefore_.growTo(rect, 0.0f);
    painted_ = strokePainted_.valuesIn(rect);
    const std::vector<float> before = strokeBefore_.valuesIn(rect);
    strokePainted_.clear();
    strokeBefore_.clear();
    return pick(before);
}

std::vector<float> PaintedCells::pick(const std::vector<float>& values) const
{
    std::vector<float> picked;
    forEach([&](std::size_t i, std::size_t) { picked.push_back(values[i]); });
    return picked;
}

void PaintedCells::write(const std::vector<float>& painted, std::vector<float>& values) const
{
    forEach([&](std::size_t i, std::size_t k) { values[i] = painted[k]; });
}

} // namespace rb::commands
