#pragma once

#include "io/mesh/LatticeMesh.h"
#include "lattice/Lattice.h"
#include "model/Field.h"

#include <cstddef>

namespace rb::io {

// A terrain mesh with at most a given number of triangles and the largest height error that
// budget allows, by greedy insertion (Garland & Heckbert 1995, "Fast polygonal approximation of
// terrains and height fields"): start from the convex hull of the lattice's cells, then insert the
// cell farthest (vertically) from the current mesh, keep the triangulation Delaunay (in metres) by
// edge flips, and repeat until the next insertion would pass the budget or every cell lies on the
// mesh. The lowest and the highest cell go in first, so the mesh spans the terrain's heights
// exactly. Each triangle knows its worst cell, found by visiting every cell inside it, so `maxError`
// is measured against the full-resolution surface at every cell, not estimated. The same code
// serves both lattices (LatticePlane gives their cells exact coordinates); at full resolution the
// triangular lattice gets its natural equilateral triangles. Standard library only.
struct TerrainDecimation {
    LatticeMesh mesh;
    double maxError = 0.0;          // m: largest |height − mesh| over every cell of the lattice
    std::size_t budget = 0;         // the triangles asked for
    std::size_t minimumTriangles = 0; // the convex hull's and the two extremes': no mesh has fewer
    bool complete = false;          // every cell lies on the mesh (maxError is 0)
    bool budgetMet() const { return mesh.triangleCount() <= budget; }
};

// `budget` below minimumTriangles gives the hull's triangulation (budgetMet() false).
TerrainDecimation decimateTerrain(const Lattice& lattice, const FloatField& heights, std::size_t budget);

} // namespace rb::io
