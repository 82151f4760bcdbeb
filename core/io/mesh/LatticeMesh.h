#pragma once

#include <array>
#include <cstdint>
#include <vector>

namespace rb::io {

// A triangle mesh whose vertices are cells of a lattice: the shared result of the terrain
// decimation and the water mesh, before they become glTF buffers.
struct LatticeMesh {
    std::vector<std::uint32_t> vertexCells;                // lattice cell index (y·W + x) of each vertex
    std::vector<std::array<std::uint32_t, 3>> triangles;   // vertex indices, counter-clockwise in
                                                           // LatticePlane's (u, v): clockwise seen from above
    std::size_t triangleCount() const { return triangles.size(); }
};

} // namespace rb::io
