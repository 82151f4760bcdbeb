#pragma once

#include "analysis/WaterFeatures.h"

#include <vector>

namespace rb::analysis {

// What RiverTracer does with its lines once they are traced, in this order:
// joinContinuations, the confluence points placed, smoothCentreLine, placed again (so that the
// lines meet exactly), splitAtConfluences; with `byOrigin` (the map's springs carry dye channels)
// then countByOrigin and the confluence points placed once more.
void finishNetwork(std::vector<River>& rivers, bool byOrigin = false);

// Each line carries the water of its own origins and of every line that flows into its start (the
// lines below a confluence carry both tributaries' springs), and of other origins the water that
// has joined it and stays in it to its end (part of a spring's water spilling over from the next
// valley); water that only touches it (two springs' water side by side before it parts) is not
// counted. Its points' discharge, velocity and byOrigin are counted again so.
void countByOrigin(std::vector<River>& rivers);

// A line that flows into another within that one's first few points, where no other line joins it,
// is the same river: the second began downstream of a reach the first had not yet traced (a
// widening whose cells each carry less than the threshold, traced from its far end first). The two
// become one line; a line no longer than those few points is dropped instead (the margin of the
// water that starts the other, whose sections do not yet span the river). Keeps ids equal to
// indices.
void joinContinuations(std::vector<River>& rivers);

// Cuts every line at the points where others join it, so that a confluence always joins lines at
// the first point of the line below it (docs/export.md). Keeps ids equal to indices.
void splitAtConfluences(std::vector<River>& rivers);

// A three-point moving average of the positions, twice, keeping both ends where they are: it
// takes the lattice's stair steps out of the line and moves no point by more than a cell.
void smoothCentreLine(std::vector<RiverPoint>& points);

} // namespace rb::analysis
