#include "analysis/SpringTags.h"

#include "model/DyeRelease.h"

#include <algorithm>

namespace rb::analysis {
namespace {

std::vector<int> freeChannels(const Map& map)
{
    std::vector<bool> used(kMaxDyeChannels, false);
    for (const BoundarySegment& s : map.boundary)
        if (s.dye >= 0) used[static_cast<std::size_t>(s.dye)] = true;
    for (const PointSource& s : map.sources)
        if (s.dye >= 0) used[static_cast<std::size_t>(s.dye)] = true;
    for (std::size_t k = 0; k < map.state.dye.size() && k < used.size(); ++k) {
        const std::vector<float>& dyed = map.state.dye[k].values();
        if (std::any_of(dyed.begin(), dyed.end(), [](float d) { return d != 0.0f; })) used[k] = true;
    }
    std::vector<int> free;
    for (int k = 0; k < kMaxDyeChannels; ++k)
        if (!used[static_cast<std::size_t>(k)]) free.push_back(k);
    return free;
}

} // namespace

SpringTagging tagSprings(Map& map)
{
    SpringTagging result;
    const std::vector<int> free = freeChannels(map);
    std::size_t next = 0;
    for (std::size_t i = 0; i < map.sources.size(); ++i) {
        PointSource& s = map.sources[i];
        if (s.kind != PointSource::Kind::Spring || s.dye >= 0) continue;
        if (next == free.size()) {
            result.untagged.push_back(static_cast<int>(i));
            continue;
        }
        s.dye = free[next++];
        result.tagged.push_back({static_cast<int>(i), s.dye});
    }
    addDyeChannels(map.state, dyeChannelsReferenced(map.boundary, map.sources));
    return result;
}

} // namespace rb::analysis
