#pragma once

#include "lattice/Lattice.h"
#include "model/BoundarySegment.h"

#include <cstdint>

namespace rb::gen {

// Plain values. Their defaults, ranges and meaning live in one table (ParamSpec.cpp) from which
// GeneratorSettings fills these structs, --help and docs/generator.md are written; the structs
// hold no defaults of their own so that the table stays the only source.

// Parameters every preset uses.
struct CommonParams {
    std::int64_t seed = 0;
    int width = 0;          // cells
    int height = 0;         // cells
    LatticeKind lattice = LatticeKind::Square;
    double cellSize = 0.0;  // m
    double minHeight = 0.0; // m: bed elevations are clamped to [minHeight, maxHeight]
    double maxHeight = 0.0; // m
    double seaLevel = 0.0;  // m
    int octaves = 0;
    double frequency = 0.0; // noise cycles across the map's longer side (first octave)
    double persistence = 0.0;
    double lacunarity = 0.0;
};

struct IslandParams {
    double radius = 0.0;         // fraction of the half map
    double coastRoughness = 0.0; // fraction of the radius
    double shelfWidth = 0.0;     // fraction of the radius
    double beachWidth = 0.0;     // fraction of the radius
    double beachHeight = 0.0;    // m
    double hillHeight = 0.0;     // m
    double mountainHeight = 0.0; // m
};

// Rivers carved into the island and archipelago presets' land (IslandRivers.h).
struct CoastalRiverParams {
    int count = 0;           // rivers carved (0: none)
    double discharge = 0.0;  // m³/s from the spring at each river's head
    double width = 0.0;      // m
    double depth = 0.0;      // m
    double bankWidth = 0.0;  // m
};

enum class RiverEnd { Sea, Outflow };

struct RiverParams {
    Side entrySide = Side::North;
    RiverEnd end = RiverEnd::Sea;
    double riverWidth = 0.0;     // m
    double riverDepth = 0.0;     // m
    double bankWidth = 0.0;      // m
    double meander = 0.0;        // 0..1
    double discharge = 0.0;      // m³/s
    double primeDepth = 0.0;     // m
    double valleyWidth = 0.0;    // fraction of the map across the flow
    double valleyDepth = 0.0;    // m
    double sourceHeight = 0.0;   // m above sea level
    double seaFraction = 0.0;    // fraction of the map along the flow
    double hillHeight = 0.0;     // m
    double mountainHeight = 0.0; // m
};

struct ArchipelagoParams {
    int islandCount = 0;
    double islandSize = 0.0;     // fraction of the map's longer side
    double coastRoughness = 0.0; // fraction of an island's radius
    double shelfWidth = 0.0;     // fraction of an island's radius
    double hillHeight = 0.0;     // m
    double mountainHeight = 0.0; // m
};

struct LakesParams {
    int lakeCount = 0;
    double lakeRadius = 0.0;     // fraction of the map's longer side
    double lakeDepth = 0.0;      // m
    double shoreRoughness = 0.0; // fraction of a lake's radius
    double hillHeight = 0.0;     // m
    double rimHeight = 0.0;      // m
    double rain = 0.0;           // m/s
};

// The ground's material, written into the map's erodibility (Erodibility.h); every preset.
struct MaterialParams {
    double rockSlope = 0.0;       // degrees: beds at least this steep are rock
    double rockHeight = 0.0;      // fraction of the way from sea level to the highest bed: above it, rock
    double sandHeight = 0.0;      // m above sea level: below it, sand
    double rockErodibility = 0.0; // 0..1
    double soilErodibility = 0.0; // 0..1
};

// The optional last stage: so many hours of rain with erosion on (ErodeStage.h); every preset.
struct ErodeParams {
    double hours = 0.0; // simulated hours (0: off)
    double rain = 0.0;  // mm/h
    double talus = 0.0; // degrees: the thermal erosion's talus angle during the stage
};

} // namespace rb::gen
