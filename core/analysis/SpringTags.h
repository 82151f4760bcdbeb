#pragma once

#include "model/Map.h"

#include <vector>

namespace rb::analysis {

// What tagSprings did: which spring (index into Map::sources) got which dye channel, and which
// springs are left without one because no channel was free.
struct SpringTagging {
    struct Tag {
        int spring = 0;
        int channel = 0;
    };
    std::vector<Tag> tagged;
    std::vector<int> untagged;
};

// Gives each spring without a dye channel a channel of its own, so that the river lines can tell
// its water from the others' (WaterOrigins; riverbed-cli simulate --tag-springs). A channel is
// free when no boundary segment or spring names it and the map holds no dye in it (a release).
// Springs beyond the free channels stay clean and are listed in `untagged`. Adds the channels the
// tags need to the state (clean, empty ledgers).
SpringTagging tagSprings(Map& map);

} // namespace rb::analysis
