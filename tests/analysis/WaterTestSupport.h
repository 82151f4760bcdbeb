#pragma once

#include "analysis/WaterFeatures.h"
#include "model/Map.h"

#include <vector>

namespace rb::analysis::test {

// Runs the CPU solver (one thread) on `map` for `seconds` of simulated time and returns the map
// with the state reached; fails the current test if the solver refuses.
Map settle(const Map& map, double seconds);

// The main centre line: from the mouth river with the largest discharge upstream, at each
// confluence the line above it with the largest discharge; points upstream → downstream, each
// confluence point once.
std::vector<RiverPoint> mainLine(const std::vector<River>& rivers);

// Distance (m) from a point to the nearest of the cells' centres.
double distanceToCells(const Lattice& lattice, const std::vector<CellCoord>& cells, double x, double y);

} // namespace rb::analysis::test
