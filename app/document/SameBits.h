#pragma once

#include "currents/StoredCurrents.h"

#include <cstring>
#include <vector>

namespace rb::editor {

// Whether two fields' values are the same byte for byte (an erosion period's undo and redo).
inline bool sameBits(const std::vector<float>& a, const std::vector<float>& b)
{
    return a.size() == b.size() && (a.empty() || std::memcmp(a.data(), b.data(), a.size() * sizeof(float)) == 0);
}

// Whether two stored currents are the same byte for byte: what undo and redo promise (== on floats
// would call −0 and 0 equal and a NaN unequal to itself).
inline bool sameBits(const std::vector<FloatField>& a, const std::vector<FloatField>& b)
{
    if (a.size() != b.size()) return false;
    for (std::size_t i = 0; i < a.size(); ++i) {
        if (a[i].width() != b[i].width() || a[i].height() != b[i].height()) return false;
        if (!a[i].empty() && std::memcmp(a[i].values().data(), b[i].values().data(), a[i].size() * sizeof(float)) != 0) return false;
    }
    return true;
}

inline bool sameBits(const StoredCurrents& a, const StoredCurrents& b)
{
    return sameBits(a.cells, b.cells) && sameBits(a.flows, b.flows);
}

} // namespace rb::editor
