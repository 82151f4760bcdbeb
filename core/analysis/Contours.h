#pragma once

#include "analysis/WaterFeatures.h"

#include <functional>

namespace rb::analysis {

// Where a field crosses `level`, as polylines in world metres: marching squares over the quads of
// neighbouring lattice nodes ((x,y), (x+1,y), (x+1,y+1), (x,y+1)), positions interpolated between
// the nodes' world positions (Lattice::worldPosition, which also places nodes just outside the
// map), so both lattices work alike. Nodes span [x0, x1] × [y0, y1]; `value` is asked for each of
// them. A line that meets the window's edge stays open; the others close (last point = first).
// Saddles are decided by the mean of the four corners.
struct ContourWindow {
    int x0 = 0, y0 = 0, x1 = 0, y1 = 0;
};

std::vector<Polyline> contourLines(const Lattice& lattice, const ContourWindow& window,
                                   const std::function<double(int, int)>& value, double level);

// The signed area a closed polyline encloses (m²), positive when it turns clockwise on the map
// (y points south).
double enclosedArea(const Polyline& ring);

} // namespace rb::analysis
