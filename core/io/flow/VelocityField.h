#pragma once

#include "model/Field.h"
#include "model/MapState.h"
#include "model/WetDepth.h"

#include <cmath>

namespace rb::io {

// Water deeper than the map's wet depth (model/WetDepth.h) has a velocity; io::kWetDepth names it.
using water::kWetDepth;

// The depth-averaged water velocity of every cell, in m/s, in world axes: x east, y south (the
// row direction). Zero where the depth is not above the wet threshold.
struct VelocityField {
    FloatField x;
    FloatField y;
};

// Reconstructs cell velocities from the edge flows. A uniform velocity U moves h·w·(U·e_f) through
// every face of family f (e_f its unit direction, w its face width), so per cell
//   u_f = (Q_in + Q_out) / 2 / (h·w)   (the family's edge into the cell and the one out of it)
// and U = (2/F)·Σ_f u_f·e_f, F the number of families: 2/F·Σ e_f e_fᵀ is the identity on both
// lattices, so a uniform flow is reproduced exactly. Standard library only.
VelocityField reconstructVelocity(const MapState& state, float wetDepth = kWetDepth);

// One cell's velocity by the same rule (zero where not wet), for readouts that need a few cells.
struct CellVelocity {
    double x = 0.0;
    double y = 0.0;
    double speed() const { return std::hypot(x, y); }
};
CellVelocity cellVelocity(const MapState& state, int x, int y, float wetDepth = kWetDepth);

// The map's time-mean flow (MapState::meanFlow, docs/solver.md "Time-mean flow") as a state the
// readouts above take: the mean depth of each cell and the mean discharge of each face in place of
// the last instant's, everything else as in `state`. reconstructVelocity of it is the time-mean
// velocity: the mean discharges through the mean depths (the water's transport velocity), zero
// where the mean depth is not above the wet threshold. Throws std::invalid_argument when the map
// holds no mean.
MapState meanFlowState(const MapState& state);

} // namespace rb::io
