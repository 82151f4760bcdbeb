#include "view/MeshGrid.h"

#include <algorithm>

namespace rb::view {

namespace {

std::vector<int> sampled(int count, int stride)
{
    std::vector<int> samples;
    for (int i = 0; i < count; i += stride) samples.push_back(i);
    if (samples.back() != count - 1) samples.push_back(count - 1); // keep the map's far edge
    return samples;
}

} // namespace

MeshGrid::MeshGrid(const Lattice& lattice, int maxVerticesPerSide)
{
    const int longest = std::max(lattice.width(), lattice.height());
    stride_ = std::max(1, (longest + maxVerticesPerSide - 1) / std::max(1, maxVerticesPerSide));
    columns_ = sampled(lattice.width(), stride_);
    rows_ = sampled(lattice.height(), stride_);
    indices_.reserve(static_cast<std::size_t>(columnCount() - 1) * static_cast<std::size_t>(rowCount() - 1) * 6);
    // At full resolution the triangular lattice is drawn as its own triangles; decimated, the
    // half-cell row shift is below the sampling step and a plain grid is as faithful.
    if (lattice.kind() == LatticeKind::Triangle && stride_ == 1) triangulateTriangleLattice();
    else triangulateGrid();
}

void MeshGrid::addTriangle(std::size_t a, std::size_t b, std::size_t c)
{
    indices_.push_back(static_cast<std::uint32_t>(a));
    indices_.push_back(static_cast<std::uint32_t>(b));
    indices_.push_back(static_cast<std::uint32_t>(c));
}

// Odd rows sit half a cell east: between an even row y and row y+1, vertex (x, y+1) lies between
// (x, y) and (x+1, y); between an odd row and the next, (x, y) lies between (x, y+1) and (x+1, y+1).
void MeshGrid::triangulateTriangleLattice()
{
    for (int y = 0; y + 1 < rowCount(); ++y)
        for (int x = 0; x + 1 < columnCount(); ++x) {
            const std::size_t a = vertex(x, y), b = vertex(x + 1, y), c = vertex(x, y + 1), d = vertex(x + 1, y + 1);
            if ((y & 1) == 0) {
                addTriangle(a, c, b);
                addTriangle(b, c, d);
            } else {
                addTriangle(a, c, d);
                addTriangle(a, d, b);
            }
        }
}

// Diagonals alternate so that ridges do not all lean one way.
void MeshGrid::triangulateGrid()
{
    for (int y = 0; y + 1 < rowCount(); ++y)
        for (int x = 0; x + 1 < columnCount(); ++x) {
            const std::size_t a = vertex(x, y), b = vertex(x + 1, y), c = vertex(x, y + 1), d = vertex(x + 1, y + 1);
            if (((x + y) & 1) == 0) {
                addTriangle(a, c, d);
                addTriangle(a, d, b);
            } else {
                addTriangle(a, c, b);
                addTriangle(b, c, d);
            }
        }
}

} // namespace rb::view
