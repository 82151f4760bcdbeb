#pragma once

#include "analysis/WaterFeatures.h"
#include "model/Map.h"

#include <vector>

namespace rb::analysis {

// Which spring the water in each cell came from, read from the dye channels the map's springs
// carry (riverbed-cli simulate --tag-springs gives each spring one). Origin k is the water of the
// springs dyed with channel k, kRestOrigin all other water (1 − the springs' channels). Active
// only when some spring names a channel the state holds: then two springs' water that touches
// can be told apart, which the face flows alone cannot (docs/export.md, "Provenance").
class WaterOrigins {
public:
    explicit WaterOrigins(const Map& map);

    bool active() const { return !channels_.empty(); }
    // The share (0…1) of cell i's water that has origin `origin`; a dry cell's water is all rest.
    double share(int origin, std::size_t cell) const;
    // The share of cell i's water from any origin in `mask`.
    double shareOf(OriginMask mask, std::size_t cell) const;
    // The origins that make up at least kMainOriginShare of the cell's water.
    OriginMask mainOrigins(std::size_t cell) const;

private:
    const MapState& state_;
    std::vector<int> channels_; // the dye channels springs name and the state holds, ascending
};

// The discharge of the origins in `mask`.
double dischargeOf(const OriginDischarge& byOrigin, OriginMask mask);

// An origin below this share of a source cell's water is not the line's (numerical mixing at
// the edge of another spring's water).
inline constexpr double kMainOriginShare = 0.25;

} // namespace rb::analysis
