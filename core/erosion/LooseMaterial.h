#pragma once

#include <algorithm>

namespace rb {

// How much of `wanted` (m of bed) a cell can give (docs/erosion.md, "Erodibility"): what the
// erosion deposited there (`deposition` above 0) is loose and goes first, in full; below it the
// ground gives in proportion to its erodibility (0 bedrock … 1 loose soil).
inline float erodibleAmount(float wanted, float deposition, float erodibility)
{
    const float loose = std::max(deposition, 0.0f);
    if (wanted <= loose) return wanted;
    return loose + (wanted - loose) * erodibility;
}

} // namespace rb
