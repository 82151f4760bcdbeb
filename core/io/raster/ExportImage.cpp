#include "io/raster/ExportImage.h"

#include <algorithm>
#include <cmath>

namespace rb::io {

int quantise(double value, const HeightRange& levels, int maxLevel)
{
    const double t = (value - levels.low) / (levels.high - levels.low);
    // Clamped (NaN to 0) before the conversion: converting an out-of-range double is undefined.
    const double clamped = t > 0.0 ? std::min(t, 1.0) : 0.0;
    return static_cast<int>(std::lround(clamped * maxLevel));
}

HeightRange valueSpan(const FloatField& field)
{
    if (field.empty()) return {0.0, 1.0};
    const auto [low, high] = std::minmax_element(field.values().begin(), field.values().end());
    return *low < *high ? HeightRange{*low, *high} : HeightRange{*low, *low + 1.0};
}

} // namespace rb::io
