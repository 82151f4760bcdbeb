#pragma once

#include "analysis/CellDischarge.h"
#include "analysis/CrossSection.h"
#include "analysis/WaterFeatures.h"

#include <cstdint>
#include <vector>

namespace rb::analysis {

// Traces river centre lines through the simulated flow. River cells are wet cells, not sea, whose
// cell discharge reaches `threshold` (m³/s). Sources are river cells fed mostly from outside the
// river (an inflow edge, the slopes); from the strongest source first, a line marches downstream
// one cell length at a time: each step measures the cross-section across the flow, puts the point
// at its discharge-weighted centroid (the centre of the flowing water, however wide the channel)
// and moves on along the section's mean flow direction. A line ends where its centre leaves the
// river cells, reaches the sea or the border, or meets a line traced before (a confluence: it ends
// on that line's nearest point). Lines of fewer than three points are dropped.
class RiverTracer {
public:
    RiverTracer(const MapState& state, const std::vector<std::uint8_t>& sea, double threshold);

    std::vector<River> trace();

private:
    bool isRiverCell(CellCoord c) const;
    std::vector<CellCoord> sources() const;
    River traceFrom(CellCoord source, int id);
    void claim(const CrossSection& section, int river, int point);
    void release(int river); // the line traced last: its cells are free again
    RiverPoint pointOf(const CrossSection& section) const;

    const MapState& state_;
    const std::vector<std::uint8_t>& sea_;
    CellDischarge discharge_;
    double threshold_;
    std::vector<int> ownerRiver_; // per cell: the line whose cross-section passed through it, or -1
    std::vector<int> ownerPoint_; // and the index of that point
    std::vector<std::size_t> claimedByLast_; // the cells the line traced last claimed (to release it)
};

// Cuts every line at the points where others join it, so that a confluence always joins lines at
// the first point of the line below it (docs/export.md). Keeps ids equal to indices.
void splitAtConfluences(std::vector<River>& rivers);

// A three-point moving average of the positions, twice, keeping both ends where they are: it
// takes the lattice's stair steps out of the line and moves no point by more than a cell.
void smoothCentreLine(std::vector<RiverPoint>& points);

} // namespace rb::analysis
