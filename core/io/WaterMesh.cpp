#include "io/WaterMesh.h"

#include "io/LatticePlane.h"

#include <optional>
#include <utility>

namespace rb::io {
namespace {

// The lattice seen through every stride-th row and column, triangulated like the lattice itself.
class StridedLattice {
public:
    StridedLattice(const Lattice& lattice, int stride)
        : plane_(lattice), triangle_(lattice.kind() == LatticeKind::Triangle), stride_(stride),
          rows_((lattice.height() - 1) / stride + 1), columns_((lattice.width() - 1) / stride + 1) {}

    bool usable() const { return rows_ >= 2 && columns_ >= 2; }

    // Calls visit(a, b, c) with the cells of every triangle, counter-clockwise in (u, v).
    template <typename Visit>
    void forEachTriangle(Visit&& visit) const
    {
        for (int j = 0; j + 1 < rows_; ++j)
            for (int i = 0; i + 1 < columns_; ++i) visitQuad(i, j, visit);
    }

    const LatticePlane& plane() const { return plane_; }

private:
    std::optional<std::uint32_t> cell(int i, int j) const
    {
        const int y = j * stride_;
        const int x = i * stride_ + (triangle_ && stride_ > 1 && (j & 1) ? stride_ / 2 : 0);
        if (x >= plane_.width() || y >= plane_.height()) return std::nullopt;
        return plane_.cell(x, y);
    }

    template <typename Visit>
    void visitQuad(int i, int j, Visit& visit) const
    {
        const auto c00 = cell(i, j), c10 = cell(i + 1, j), c01 = cell(i, j + 1), c11 = cell(i + 1, j + 1);
        // Even rows: the next row is half a step east, so the diagonal runs from (i+1, j) to (i, j+1);
        // odd rows the other way. On the square lattice either diagonal would do.
        if (!triangle_ || (j & 1) == 0) {
            emit(c00, c10, c01, visit);
            emit(c10, c11, c01, visit);
        } else {
            emit(c00, c10, c11, visit);
            emit(c00, c11, c01, visit);
        }
    }

    template <typename Visit>
    void emit(std::optional<std::uint32_t> a, std::optional<std::uint32_t> b, std::optional<std::uint32_t> c, Visit& visit) const
    {
        if (!a || !b || !c) return;
        if (LatticePlane::orient(plane_.point(*a), plane_.point(*b), plane_.point(*c)) > 0) visit(*a, *b, *c);
        else visit(*a, *c, *b);
    }

    LatticePlane plane_;
    bool triangle_;
    int stride_;
    int rows_;
    int columns_;
};

std::size_t countWetTriangles(const StridedLattice& lattice, const FloatField& depth, float wetDepth)
{
    std::size_t count = 0;
    lattice.forEachTriangle([&](std::uint32_t a, std::uint32_t b, std::uint32_t c) {
        count += depth[a] > wetDepth && depth[b] > wetDepth && depth[c] > wetDepth;
    });
    return count;
}

LatticeMesh wetTriangles(const StridedLattice& lattice, const FloatField& depth, float wetDepth)
{
    LatticeMesh mesh;
    std::vector<std::uint32_t> vertexOfCell(depth.size(), UINT32_MAX);
    const auto vertex = [&](std::uint32_t cell) {
        if (vertexOfCell[cell] == UINT32_MAX) {
            vertexOfCell[cell] = static_cast<std::uint32_t>(mesh.vertexCells.size());
            mesh.vertexCells.push_back(cell);
        }
        return vertexOfCell[cell];
    };
    lattice.forEachTriangle([&](std::uint32_t a, std::uint32_t b, std::uint32_t c) {
        if (depth[a] > wetDepth && depth[b] > wetDepth && depth[c] > wetDepth) mesh.triangles.push_back({vertex(a), vertex(b), vertex(c)});
    });
    return mesh;
}

} // namespace

WaterMesh buildWaterMesh(const Lattice& lattice, const FloatField& depth, std::size_t budget, float wetDepth)
{
    WaterMesh result;
    result.budget = budget;
    result.fullResolutionTriangles = countWetTriangles(StridedLattice(lattice, 1), depth, wetDepth);
    int stride = 1;
    std::size_t count = result.fullResolutionTriangles;
    // Doubling until the mesh fits; the coarsest usable stride is kept if none does.
    while (count > budget && StridedLattice(lattice, stride * 2).usable()) {
        stride *= 2;
        count = countWetTriangles(StridedLattice(lattice, stride), depth, wetDepth);
    }
    result.stride = stride;
    result.mesh = wetTriangles(StridedLattice(lattice, stride), depth, wetDepth);
    return result;
}

} // namespace rb::io
