#pragma once

#include "io/mesh/LatticeMesh.h"
#include "lattice/Lattice.h"
#include "model/Field.h"

#include <cstddef>

namespace rb::test {

// What a lattice mesh does to the cells, measured in world metres independently of the code
// under test (no LatticePlane): each cell is looked up in the triangles that contain it.
struct MeshMeasure {
    double maxError = 0.0;        // largest |height − mesh| over the covered cells
    std::size_t uncovered = 0;    // cells in no triangle
    std::size_t clockwise = 0;    // triangles not counter-clockwise in (x east, y south)
    double area = 0.0;            // m², summed over the triangles
};

MeshMeasure measureMesh(const io::LatticeMesh& mesh, const Lattice& lattice, const FloatField& heights);

// Area (m²) of the convex hull of every cell's position.
double hullArea(const Lattice& lattice);

// A smooth, bumpy terrain with a few sharp peaks: no two regions alike, so decimation has work.
FloatField bumpyTerrain(const Lattice& lattice);

} // namespace rb::test
