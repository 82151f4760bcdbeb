#pragma once

#include "model/Map.h"

namespace rb::test {

// Bed material on the map and in the water (m³): Σ (bed + its remainder)·S + Σ sediment·S, in double.
double storedMaterial(const MapState& state);

// What the sediment ledger says entered (+) or left (−) the bed and the water together, rounding
// included: the change of storedMaterial over a run.
double bookedMaterialChange(const SedimentLedger& ledger);

// Erosion on with the given capacity and default rates.
SimParams erodingParams(double dt, double capacity);

// Every slope between two neighbouring cells (|Δbed| / distance), the steepest.
double steepestSlope(const MapState& state);

} // namespace rb::test
