#pragma once

#include "generator/TerrainGenerator.h"
#include "model/Map.h"

#include <cstdint>
#include <vector>

namespace rb::gen::test {

// Settings of `preset` with its defaults, a small map and the given seed and lattice.
GeneratorSettings smallSettings(Preset preset, int size, LatticeKind lattice, std::int64_t seed);

// Runs the generator and fails the current test (returning an empty result) if it does not succeed.
GenerationResult generateOrFail(const GeneratorSettings& settings, int threads = 0);

// Cells whose bed lies above sea level.
double landFraction(const Map& map, double seaLevel);

// Every lattice neighbour of (x, y), computed from the edge families (the pipes water flows in).
std::vector<CellCoord> neighbours(const Lattice& lattice, CellCoord c);

// Whether a cell lies on the border on `side`.
bool onSide(const Lattice& lattice, CellCoord c, Side side);

// Pearson correlation of two equally long series.
double correlation(const std::vector<double>& a, const std::vector<double>& b);

} // namespace rb::gen::test
