#pragma once

#include "generator/PresetParams.h"
#include "generator/ProgressTracker.h"
#include "lattice/Lattice.h"
#include "model/Field.h"

#include <cstdint>
#include <functional>
#include <optional>
#include <vector>

namespace rb::gen {

// What the material rule reads at one cell.
struct CellGround {
    double slope = 0.0;          // steepest drop to a lattice neighbour over its distance (m/m)
    double heightFraction = 0.0; // (bed − sea level)/(highest bed − sea level); ≤ 0 at or below the sea
    double aboveSea = 0.0;       // m: bed − sea level
    double lakeBed = 0.0;        // 0..1: the cell lies on a lake's floor (the lakes preset's basins)
    bool carved = false;         // a river's bed or bank (the carver lowered it)
};

// The ground's erodibility (0 bedrock … 1 loose soil) from its shape: rock where the bed is steep
// (from 70 % of tan(rock_slope) up to it) or high (from rock_height − 0.1 up to it), soil
// elsewhere, then sand (1) over both on beaches and the sea floor (up to sand_height above sea
// level, fading over the next metre), on carved river beds and banks, and on lake floors. Blends
// are smooth, so the field has no seams.
float materialErodibility(const CellGround& ground, const MaterialParams& params);

// The erodibility of every cell of a generated terrain, in parallel over rows (a pure function
// of the bed and the marks, so bitwise the same for any thread count). `carved`: 1 where a river
// was carved (may be empty); `lakeBed(x, y)`: the cell's CellGround::lakeBed (may be empty: no
// lakes; called from many threads). nullopt when cancelled.
using LakeBedAt = std::function<double(int x, int y)>;
std::optional<FloatField> erodibilityField(const Lattice& lattice, const FloatField& bed, const std::vector<std::uint8_t>& carved,
                                           const LakeBedAt& lakeBed, double seaLevel, const MaterialParams& params, int threads,
                                           ProgressTracker& progress);
// The same with the highest bed of the whole map given: a band of the map (BandGenerator) holds
// only its own rows, and the rule reads the whole map's relief.
std::optional<FloatField> erodibilityField(const Lattice& lattice, const FloatField& bed, double peak, const std::vector<std::uint8_t>& carved,
                                           const LakeBedAt& lakeBed, double seaLevel, const MaterialParams& params, int threads,
                                           ProgressTracker& progress);

} // namespace rb::gen
