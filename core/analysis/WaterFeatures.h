#pragma once

#include "lattice/Lattice.h"
#include "model/DyeLedger.h"

#include <array>
#include <cstdint>
#include <string_view>
#include <vector>

namespace rb::analysis {

// Where water came from, when the map's springs carry dye channels (WaterOrigins): one origin per
// dye channel, then the rest (water no spring's channel marks: rain, inflows, untagged springs).
inline constexpr int kOriginCount = kMaxDyeChannels + 1;
inline constexpr int kRestOrigin = kMaxDyeChannels;
using OriginMask = std::uint8_t;                        // bit k: origin k
inline constexpr OriginMask kAllOrigins = (1u << kOriginCount) - 1u;
using OriginDischarge = std::array<double, kOriginCount>; // m³/s of each origin's water

// One point of a river's centre line. Positions are world metres in the map frame (x east,
// y south from the map's north-west corner, as Lattice::worldPosition); z is the water surface.
struct RiverPoint {
    double x = 0.0;
    double y = 0.0;
    double z = 0.0;         // water surface (bed + depth), m
    double width = 0.0;     // wet width across the flow, m
    double depth = 0.0;     // mean depth over the wet cross-section, m
    double velocity = 0.0;  // mean speed: discharge / (width · depth), m/s
    double vx = 0.0;        // mean velocity, m/s, east
    double vy = 0.0;        // mean velocity, m/s, south
    double discharge = 0.0; // water crossing the cross-section, m³/s (of the line's origins, when known)
    OriginDischarge byOrigin{}; // the discharge the line counts, by origin (all zero when the map has none)
};

// Why a centre line ends.
enum class RiverEnd {
    Confluence, // it flows into another line (`downstream`)
    Sea,        // it reaches the sea
    Lake,       // it runs into a lake (`lake`)
    Border,     // it leaves the map
    Fades,      // its discharge falls below the threshold: the water soaks in, evaporates or spreads
    Eddy,       // it turns back on itself in circling water that has no way on
};

std::string_view riverEndName(RiverEnd end); // "confluence", "sea", "lake", "border", "fades", "eddy"

// A centre line from upstream to downstream. A tributary ends on the line it joins: its last point
// is a copy of point `joinIndex` of river `downstream`.
struct River {
    int id = 0;
    int downstream = -1; // the river this one joins, or -1 (it ends for another reason)
    int joinIndex = -1;  // index of the confluence point on the downstream river, or -1
    RiverEnd end = RiverEnd::Fades;
    int lake = -1;       // the lake it ends in (index into WaterFeatures::lakes), or -1
    OriginMask origins = kAllOrigins; // whose water it carries (its source's, and what joins it)
    std::vector<RiverPoint> points;
};

// A closed ring of points in world metres; the last point repeats the first.
using Polyline = std::vector<WorldPoint>;

// Still water away from the sea: its outer boundary and its surface level.
struct Lake {
    double level = 0.0; // mean water surface, m
    double area = 0.0;  // m² (cells × cell area)
    Polyline polygon;   // outer boundary, closed
};

struct WaterFeatures {
    std::vector<River> rivers;
    std::vector<Lake> lakes;
    std::vector<Polyline> coast; // bed = sea level; closed rings or lines ending at the map border
    bool hasSea = false;
    double seaLevel = 0.0;        // the first sea boundary segment's level (if hasSea)
    double riverThreshold = 0.0;  // the cell discharge (m³/s) above which a cell is river
    bool byOrigin = false;        // the lines count only their springs' water (the springs carry dye channels)
};

} // namespace rb::analysis
