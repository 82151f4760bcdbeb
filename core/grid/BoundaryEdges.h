#pragma once

#include "model/BoundarySegment.h"

#include <cstdint>
#include <vector>

namespace rb {

class Lattice;

// One pipe between a cell of the map and a ghost cell outside it, with the condition in force.
struct BoundaryEdge {
    int family = 0;
    std::uint32_t flowIndex = 0; // index into the family's padded flow array
    std::uint32_t cell = 0;      // the interior cell (row-major index)
    float inward = 1.0f;         // +1 when a positive family flow enters the map, −1 when it leaves
    BoundaryType type = BoundaryType::Wall;
    float value = 0.0f;          // sea: outside surface (m); inflow: this edge's share (m³/s, into the map)
    Side side = Side::North;
    int position = 0;            // cell position along the side
    int segment = -1;            // the governing segment's index, −1 for an uncovered edge (a wall)
};

// Every boundary edge of the lattice with the segment that governs it (the last one covering it;
// uncovered edges are walls). An inflow segment's discharge is shared equally by its edges.
std::vector<BoundaryEdge> expandBoundary(const Lattice& lattice, const std::vector<BoundarySegment>& segments);

} // namespace rb
