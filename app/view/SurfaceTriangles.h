#pragma once

#include "lattice/Lattice.h"
#include "model/Field.h"

#include <array>
#include <vector>

namespace rb::view {

// The heightfield as the view draws it at full resolution: one vertex per cell at its world
// position, joined into the MeshGrid's triangles (square: alternating diagonals; triangle
// lattice: its own equilateral triangles), so heights are linear inside each triangle. Beyond the
// outermost vertices the nearest vertex's value carries on. Along any straight line the height is
// linear between the crossings of three or four families of parallel lines (the triangles'
// edges), which is what makes exact ray picking possible.
class SurfaceTriangles {
public:
    explicit SurfaceTriangles(const Lattice& lattice);

    double height(const FloatField& values, double x, double z) const;
    // Appends every t in (tBegin, tEnd) at which the line (x0 + t·dx, z0 + t·dz) crosses a
    // triangle edge's line (unsorted).
    void edgeCrossings(double x0, double z0, double dx, double dz, double tBegin, double tEnd, std::vector<double>& ts) const;

private:
    struct LineFamily { // lines where a·x + b·z + c is an integer
        double a = 0.0, b = 0.0, c = 0.0;
    };
    double vertexValue(const FloatField& values, int s, int r) const;

    Lattice lattice_;
    std::array<LineFamily, 4> families_{};
    int familyCount_ = 0;
};

} // namespace rb::view
