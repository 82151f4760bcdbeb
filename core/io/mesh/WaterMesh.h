#pragma once

#include "io/flow/VelocityField.h"
#include "io/mesh/LatticeMesh.h"
#include "lattice/Lattice.h"
#include "model/Field.h"

#include <cstddef>

namespace rb::io {

// The water surface as triangles of the lattice whose three corners are wet (deeper than
// `wetDepth`): the lattice's own triangulation (square cells halved, the triangular lattice's
// equilateral triangles) on every `stride`-th row and column. The stride is the smallest power of
// two whose mesh fits the budget; a triangular lattice keeps its shape at even strides because the
// odd coarse rows take the cells stride/2 east. Water is not decimated by error: its surface is
// nearly flat where it is deep and follows the bed at its edges, so a uniform stride keeps the
// shoreline where the cells are. Standard library only.
struct WaterMesh {
    LatticeMesh mesh;
    int stride = 1;
    std::size_t budget = 0;
    std::size_t fullResolutionTriangles = 0; // the wet triangles at stride 1
    // m: the largest |bed + depth − mesh| over the wet cells inside the mesh's triangles, measured
    // at each of them (0 at stride 1, where the only cells in a triangle are its corners)
    double maxSurfaceError = 0.0;
    bool budgetMet() const { return mesh.triangleCount() <= budget; }
};

WaterMesh buildWaterMesh(const Lattice& lattice, const FloatField& bed, const FloatField& depth, std::size_t budget,
                         float wetDepth = kWetDepth);

} // namespace rb::io
