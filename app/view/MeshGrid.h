#pragma once

#include "lattice/Lattice.h"

#include <cstdint>
#include <vector>

namespace rb::view {

// Which lattice cells become mesh vertices and how they are joined into triangles: at full
// resolution, the lattice's own triangles (square: alternating diagonals; triangle lattice: its
// equilateral triangles), which LodMesh's patch repeats and the Picker intersects; decimated
// (every `stride`-th cell, plus the last row and column), a plain grid.
class MeshGrid {
public:
    MeshGrid() = default;
    MeshGrid(const Lattice& lattice, int maxVerticesPerSide);

    int stride() const { return stride_; }
    const std::vector<int>& columns() const { return columns_; } // lattice x of each grid column
    const std::vector<int>& rows() const { return rows_; }       // lattice y of each grid row
    int columnCount() const { return static_cast<int>(columns_.size()); }
    int rowCount() const { return static_cast<int>(rows_.size()); }
    std::size_t vertexCount() const { return columns_.size() * rows_.size(); }
    std::size_t vertex(int i, int j) const { return static_cast<std::size_t>(j) * columns_.size() + static_cast<std::size_t>(i); }
    const std::vector<std::uint32_t>& indices() const { return indices_; } // three per triangle

private:
    void triangulateTriangleLattice();
    void triangulateGrid();
    void addTriangle(std::size_t a, std::size_t b, std::size_t c);

    int stride_ = 1;
    std::vector<int> columns_;
    std::vector<int> rows_;
    std::vector<std::uint32_t> indices_;
};

} // namespace rb::view
