#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace rb {

class Lattice;

enum class Side { North, South, East, West };
enum class BoundaryType {
    Wall,    // no flow
    Inflow,  // value: discharge into the map through the whole segment (m³/s)
    Sea,     // value: fixed surface elevation outside (m); water enters and leaves
    Outflow, // free outflow: outside surface at the edge cell's bed; nothing enters
};

std::string_view sideName(Side side);
std::optional<Side> parseSide(std::string_view name);
std::string_view boundaryTypeName(BoundaryType type);
std::optional<BoundaryType> parseBoundaryType(std::string_view name);

// A stretch of one side of the map: cells start..end (inclusive) along that side, counted west
// to east on north/south and north to south on east/west. Later segments override earlier ones;
// edges no segment covers are walls.
struct BoundarySegment {
    Side side = Side::North;
    int start = 0;
    int end = 0;
    BoundaryType type = BoundaryType::Wall;
    double value = 0.0;
    // Inflow only: the dye channel the entering water carries at concentration 1 (−1: clean water).
    // Other types keep it, like their value, for when they become an inflow again.
    int dye = -1;
    // Inflow only: the sediment the entering water carries, as a volume concentration (m³ of bed
    // material per m³ of water, 0 … kMaxSedimentConcentration); it counts only with erosion on.
    double sediment = 0.0;

    bool operator==(const BoundarySegment&) const = default;
};

// The densest load a boundary or spring may bring: beyond half, water and sediment are a mudflow.
inline constexpr double kMaxSedimentConcentration = 0.5;

// Number of cells along a side of the lattice.
int sideLength(const Lattice& lattice, Side side);

// A segment covering the whole side.
BoundarySegment wholeSide(const Lattice& lattice, Side side, BoundaryType type, double value);

// Empty when every segment fits the lattice, has a value in its range and a valid dye channel,
// else the first problem.
std::string validateBoundary(const Lattice& lattice, const std::vector<BoundarySegment>& segments);

} // namespace rb
