#pragma once

#include "analysis/WaterOrigins.h"
#include "model/MapState.h"

#include <limits>
#include <vector>

namespace rb::analysis {

// The water crossing a straight line through a point, across the flow. The line runs from the
// point both ways (perpendicular to `direction`) until it meets a dry cell or the map's border.
struct CrossSection {
    bool wet = false;          // false when the point itself is dry or outside the map
    WorldPoint centre;         // discharge-weighted centroid of the wet line
    double width = 0.0;        // wet length of the line, m
    double depth = 0.0;        // mean depth along it, m
    double surface = 0.0;      // mean water surface along it, m
    double discharge = 0.0;    // face flows crossing the line, downstream positive, m³/s
    double flowX = 0.0;        // discharge-weighted mean flow direction (unit; 0 if still)
    double flowY = 0.0;
    std::vector<CellCoord> cells; // the wet cells the line passes through
    // Those between the outermost samples whose downstream unit discharge is at least
    // kCoreShare of the section's largest: the channel's flowing water, without the still margins
    // and the films on the slopes that a wet line may run on into (all cells when nothing flows).
    std::vector<CellCoord> core;
    OriginDischarge byOrigin{}; // the face flows by origin (each face's upwind cell's shares); zero without origins
};

// Whose water a section counts: all of it (no origins), or that of the origins in `mask`.
struct SectionOrigins {
    const WaterOrigins* origins = nullptr; // null or inactive: all water
    OriginMask mask = kAllOrigins;

    bool active() const { return origins && origins->active(); }
    double shareAt(std::size_t cell) const { return active() ? origins->shareOf(mask, cell) : 1.0; }
};

inline constexpr double kCoreShare = 0.05;

// `direction` is the downstream direction (need not be unit length). The discharge sums the face
// flows between cells on either side of the line whose crossing lies on the wet part of it: a true
// cut of the lattice from bank to bank, so in steady flow it equals what comes in upstream.
// The centre moves at most `maxShift` metres from `point` along the line (a line entering a
// confluence drifts to the joint centre over a few steps instead of jumping up the other branch).
// With `whose` active the discharge, the centre and the core count only the water of its origins
// (each face's flow times its upwind cell's share): two springs' water that touches is parted.
CrossSection measureCrossSection(const MapState& state, WorldPoint point, double directionX, double directionY,
                                 double maxShift = std::numeric_limits<double>::infinity(), const SectionOrigins& whose = {});

} // namespace rb::analysis
