#include "currents/CurrentDepth.h"

#include <algorithm>

namespace rb {

float currentDepthThreshold(const FloatField& depth, const CurrentsSettings& settings)
{
    float deepest = 0.0f;
    for (std::size_t i = 0; i < depth.size(); ++i) deepest = std::max(deepest, depth[i]); // max ignores NaN here: NaN compares false
    const double shallow = std::min(settings.shallowDepth, settings.shallowFraction * static_cast<double>(deepest));
    return std::max(settings.wetDepth, static_cast<float>(shallow));
}

} // namespace rb
