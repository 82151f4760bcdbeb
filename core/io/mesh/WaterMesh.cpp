#include "io/mesh/WaterMesh.h"

#include "io/mesh/LatticePlane.h"

#include <algorithm>
#include <cmath>
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
            emitTriangle(c00, c10, c01, visit);
            emitTriangle(c10, c11, c01, visit);
        } else {
            emitTriangle(c00, c10, c11, visit);
            emitTriangle(c00, c11, c01, visit);
        }
    }

    template <typename Visit>
    void emitTriangle(std::optional<std::uint32_t> a, std::optional<std::uint32_t> b, std::optional<std::uint32_t> c, Visit& visit) const
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

double maxSurfaceError(const LatticeMesh& mesh, const LatticePlane& plane, const FloatField& bed, const FloatField& depth, float wetDepth)
{
    const auto surface = [&](std::uint32_t cell) { return static_cast<double>(bed[cell]) + static_cast<double>(depth[cell]); };
    double worst = 0.0;
    for (const auto& t : mesh.triangles) {
        const std::uint32_t a = mesh.vertexCells[t[0]], b = mesh.vertexCells[t[1]], c = mesh.vertexCells[t[2]];
        const LatticePlane::Point pa = plane.point(a), pb = plane.point(b), pc = plane.point(c);
        const double area = static_cast<double>(LatticePlane::orient(pa, pb, pc));
        plane.forEachCellIn(pa, pb, pc, [&](int x, int y, std::int64_t wa, std::int64_t wb, std::int64_t wc) {
            const std::uint32_t cell = plane.cell(x, y);
            if (!(depth[cell] > wetDepth)) return;
            const double onMesh = (static_cast<double>(wa) * surface(a) + static_cast<double>(wb) * surface(b)
                                   + static_cast<double>(wc) * surface(c)) / area;
            worst = std::max(worst, std::abs(surface(cell) - onMesh));
        });
    }
    return worst;
}

} // namespace

WaterMesh buildWaterMesh(const Lattice& lattice, const FloatField& bed, const FloatField& depth, std::size_t budget, float wetDepth)
{
    WaterMesh result;
    result.budget = budget;
    result.fullResolutionTriangles = countWetTriangles(StridedLattice(lattice, 1), depth, wetDepth);
    int stride = 1;
    std::size_t count = result.fullResolutionTriangles;
    // Doubling until the mesh fits; the coarsest usable stride is kept if none does. A stride so
    // coarse that no triangle has three wet corners is never taken while a finer one shows the
    // water: an empty mesh would meet any budget and say nothing of the lake it left out.
    while (count > budget && StridedLattice(lattice, stride * 2).usable()) {
        const std::size_t coarser = countWetTriangles(StridedLattice(lattice, stride * 2), depth, wetDepth);
        if (coarser == 0) break;
        stride *= 2;
        count = coarser;
    }
    result.stride = stride;
    const StridedLattice chosen(lattice, stride);
    result.mesh = wetTriangles(chosen, depth, wetDepth);
    result.maxSurfaceError = maxSurfaceError(result.mesh, chosen.plane(), bed, depth, wetDepth);
    return result;
}

} // namespace rb::io
