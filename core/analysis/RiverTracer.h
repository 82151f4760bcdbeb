#pragma once

#include "analysis/CellDischarge.h"
#include "analysis/CrossSection.h"
#include "analysis/WaterFeatures.h"

#include <cstdint>
#include <optional>
#include <vector>

namespace rb::analysis {

// Traces river centre lines through the simulated flow. River cells are wet cells, not sea, whose
// cell discharge reaches `threshold` (m³/s). Sources are river cells fed mostly from outside the
// river (an inflow edge, the slopes); from the strongest source first, a line marches downstream
// one cell length at a time: each step measures the cross-section across the flow, puts the point
// at its discharge-weighted centroid (the centre of the flowing water, however wide the channel)
// and moves on along the section's mean flow direction.
//
// A line goes on as long as its cross-section carries the threshold: where a reach widens, the
// discharge is shared by more cells and each may fall below it, but the river goes on. It ends
// where it reaches the sea, a lake or the map's border, meets a line traced before (a confluence:
// it ends on that line's point there), where the section's discharge falls below the threshold,
// or where it circles back on itself with no way on (River::end says which). A step that lands on
// dry ground (a sharp bend, a diagonal staircase of cells) is tried again shorter and turned
// towards the water before the line is given up. Lines of fewer than three points are dropped.
//
// With active `origins` (the springs carry dye channels) each line counts only the water of the
// origins that make up its source cell's water, and claims only the cells where that water is at
// least kClaimShare: two springs' water that touches is parted into two lines, and a line that has
// lost some of its spring's water to another valley still follows what is left of it.
class RiverTracer {
public:
    // `cellLake`: per cell the index of the lake it belongs to, or -1 (LakeMap::cellLake).
    RiverTracer(const MapState& state, const std::vector<std::uint8_t>& sea, const std::vector<int>& cellLake, double threshold,
                const WaterOrigins* origins = nullptr);

    std::vector<River> trace();

private:
    struct Heading {
        WorldPoint at;
        double dirX = 0.0, dirY = 0.0;
    };
    struct Step {
        CrossSection section;
        CellCoord centre;
    };

    bool isRiverCell(CellCoord c) const;
    std::vector<CellCoord> sources() const;
    River traceFrom(CellCoord source, int id);
    Heading headingAt(CellCoord cell) const;
    Heading firstHeading(CellCoord source) const;
    std::optional<Step> nextStep(const River& river, const Heading& heading) const;
    std::optional<Step> measure(const River& river, WorldPoint at, double dirX, double dirY) const;
    std::optional<RiverEnd> endAt(const River& river, const Step& step) const;
    bool loopsBack(const River& river, WorldPoint centre) const;
    void claim(const CrossSection& section, int river, int point);
    void claimCell(CellCoord c, int river, int point);
    void release(int river); // the line traced last: its cells are free again
    RiverPoint pointOf(const CrossSection& section) const;

    const MapState& state_;
    const std::vector<std::uint8_t>& sea_;
    const std::vector<int>& cellLake_;
    CellDischarge discharge_;
    double threshold_;
    SectionOrigins whose_; // the origins of the line being traced
    std::vector<int> ownerRiver_; // per cell: the line whose cross-section passed through it, or -1
    std::vector<int> ownerPoint_; // and the index of that point
    std::vector<std::size_t> claimedByLast_; // the cells the line traced last claimed (to release it)
};

} // namespace rb::analysis
