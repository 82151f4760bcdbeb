#include "view/SurfaceTriangles.h"

#include <algorithm>
#include <cmath>

namespace rb::view {

namespace {

int floorDiv2(int r)
{
    return r >= 0 ? r / 2 : -((-r + 1) / 2);
}

} // namespace

// Square: u = x/dx − ½, v = z/dx − ½ put the vertices on the integers; the alternating diagonals
// lie on u − v and u + v integer lines. Triangle lattice: r = z/rowSpacing − ½ and the skewed
// s = x/dx − ½ − r/2 put the vertices on the integers too, every unit square cut by the diagonal
// from (s+1, r) to (s, r+1), which is the lattice's own triangulation (see MeshGrid).
SurfaceTriangles::SurfaceTriangles(const Lattice& lattice) : lattice_(lattice)
{
    const double inverseDx = 1.0 / lattice.cellSize();
    if (lattice.kind() == LatticeKind::Square) {
        families_ = {LineFamily{inverseDx, 0.0, -0.5}, LineFamily{0.0, inverseDx, -0.5}, LineFamily{inverseDx, -inverseDx, 0.0},
                     LineFamily{inverseDx, inverseDx, -1.0}};
        familyCount_ = 4;
    } else {
        const double inverseRow = 1.0 / lattice.rowSpacing();
        families_[0] = {0.0, inverseRow, -0.5};                        // r
        families_[1] = {inverseDx, -0.5 * inverseRow, -0.5 + 0.25};    // s
        families_[2] = {inverseDx, 0.5 * inverseRow, -0.5 - 0.5 + 0.25}; // s + r
        familyCount_ = 3;
    }
}

// (s, r) are lattice-space integers: on the square lattice the cell itself, on the triangle lattice
// the skewed column, whose cell is s + ⌊r/2⌋. Outside the map the nearest cell of that row/column.
double SurfaceTriangles::vertexValue(const FloatField& values, int s, int r) const
{
    const int column = lattice_.kind() == LatticeKind::Square ? s : s + floorDiv2(r);
    return values(std::clamp(column, 0, lattice_.width() - 1), std::clamp(r, 0, lattice_.height() - 1));
}

double SurfaceTriangles::height(const FloatField& values, double x, double z) const
{
    double u = 0.0, v = 0.0;
    if (lattice_.kind() == LatticeKind::Square) {
        u = x / lattice_.cellSize() - 0.5;
        v = z / lattice_.cellSize() - 0.5;
    } else {
        v = z / lattice_.rowSpacing() - 0.5;
        u = x / lattice_.cellSize() - 0.5 - 0.5 * v;
    }
    const double fu0 = std::floor(u), fv0 = std::floor(v);
    const int i = static_cast<int>(fu0), j = static_cast<int>(fv0);
    const double fu = u - fu0, fv = v - fv0;
    const double a = vertexValue(values, i, j), b = vertexValue(values, i + 1, j);
    const double c = vertexValue(values, i, j + 1), d = vertexValue(values, i + 1, j + 1);
    const bool diagonalAD = lattice_.kind() == LatticeKind::Square && ((i + j) & 1) == 0;
    if (diagonalAD) {
        if (fu >= fv) return a + (b - a) * fu + (d - b) * fv; // triangle a, b, d
        return a + (c - a) * fv + (d - c) * fu;               // triangle a, c, d
    }
    if (fu + fv <= 1.0) return a + (b - a) * fu + (c - a) * fv;    // triangle a, b, c
    return d + (c - d) * (1.0 - fu) + (b - d) * (1.0 - fv);        // triangle b, c, d
}

void SurfaceTriangles::edgeCrossings(double x0, double z0, double dx, double dz, double tBegin, double tEnd,
                                     std::vector<double>& ts) const
{
    for (int f = 0; f < familyCount_; ++f) {
        const LineFamily& line = families_[static_cast<std::size_t>(f)];
        const double start = line.a * x0 + line.b * z0 + line.c, rate = line.a * dx + line.b * dz;
        if (std::abs(rate) < 1e-12) continue;
        const double l0 = start + rate * tBegin, l1 = start + rate * tEnd;
        const double first = std::ceil(std::min(l0, l1)), last = std::floor(std::max(l0, l1));
        for (double k = first; k <= last; k += 1.0) ts.push_back((k - start) / rate);
    }
}

} // namespace rb::view
