#include "grid/RegionEdit.h"

#include "ranges/ValueRanges.h"

#include <cmath>
#include <stdexcept>

namespace rb {
namespace {

std::string describe(const CellRegion& rect)
{
    return std::to_string(rect.width) + "×" + std::to_string(rect.height) + " cells at (" + std::to_string(rect.x) + ", " +
           std::to_string(rect.y) + ")";
}

std::string outsideMessage(const Lattice& lattice, const CellRegion& rect)
{
    return "the edited region (" + describe(rect) + ") does not lie inside the " + std::to_string(lattice.width()) + "×" +
           std::to_string(lattice.height()) + " map";
}

// The first value an edit may not set: non-finite, a negative depth, or beyond the elevation range.
std::string firstForbiddenValue(const CellRegion& rect, const std::vector<float>& values, EditedField field)
{
    const char* what = field == EditedField::Bed ? "terrain height" : "water depth";
    const double lowest = field == EditedField::Bed ? -ranges::kMaxElevation : 0.0;
    for (std::size_t i = 0; i < values.size(); ++i) {
        const float v = values[i];
        if (v >= lowest && v <= ranges::kMaxElevation) continue;
        const auto n = static_cast<int>(i);
        std::string cell = "("; // appended: GCC 12 warns falsely (-Wrestrict) on "(" + std::to_string(…)
        cell.append(std::to_string(rect.x + n % rect.width)).append(", ").append(std::to_string(rect.y + n / rect.width)).append(")");
        if (!std::isfinite(v)) return std::string("the edit sets a non-finite ") + what + " at cell " + cell;
        if (v < 0.0f && field == EditedField::Depth) return std::string("the edit sets a negative ") + what + " at cell " + cell;
        return std::string("the edit's ") + checkRange(std::string(what) + " at cell " + cell, v, lowest, ranges::kMaxElevation, "m");
    }
    return {};
}

} // namespace

std::string checkRegionEdit(const Lattice& lattice, const CellRegion& rect, const std::vector<float>& values, EditedField field)
{
    if (!rect.inside(lattice)) return outsideMessage(lattice, rect);
    if (values.size() != rect.cellCount())
        return "the edit holds " + std::to_string(values.size()) + " values for a region of " + std::to_string(rect.cellCount()) + " cells";
    return firstForbiddenValue(rect, values, field);
}

void requireRegionInside(const Lattice& lattice, const CellRegion& rect)
{
    if (!rect.inside(lattice)) throw std::invalid_argument(outsideMessage(lattice, rect));
}

double depthChange(const std::vector<float>& before, const std::vector<float>& after)
{
    double change = 0.0;
    for (std::size_t i = 0; i < before.size(); ++i) change += static_cast<double>(after[i]) - static_cast<double>(before[i]);
    return change;
}

} // namespace rb
