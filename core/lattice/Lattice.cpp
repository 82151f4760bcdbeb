#include "lattice/Lattice.h"

#include "ranges/ValueRanges.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace rb {
namespace {

constexpr double kSqrt3 = 1.7320508075688772;

std::array<EdgeFamily, Lattice::kMaxFamilies> squareFamilies(double dx)
{
    // x: from the west neighbour to the head; y: from the north neighbour to the head.
    EdgeFamily x{"x", {-1, 0}, {-1, 0}, {1, 0}, {1, 0}, dx, dx, 1.0, 0.0};
    EdgeFamily y{"y", {0, -1}, {0, -1}, {0, 1}, {0, 1}, dx, dx, 0.0, 1.0};
    return {x, y, EdgeFamily{}};
}

std::array<EdgeFamily, Lattice::kMaxFamilies> triangleFamilies(double dx)
{
    // Odd rows sit dx/2 east of even rows. The families are the seed article's three:
    //   x: from the west neighbour (dir 0°), y: from the north-west neighbour (dir 60° below east),
    //   z: from the north-east neighbour (dir 120°).
    // For a head on an even row the NW neighbour is (-1,-1) and the NE one (0,-1); on an odd row
    // (0,-1) and (+1,-1). The forward offsets (head from tail) are their mirror images.
    const double w = dx / kSqrt3;
    const double s = kSqrt3 / 2.0;
    EdgeFamily x{"x", {-1, 0}, {-1, 0}, {1, 0}, {1, 0}, dx, w, 1.0, 0.0};
    EdgeFamily y{"y", {-1, -1}, {0, -1}, {0, 1}, {1, 1}, dx, w, 0.5, s};
    EdgeFamily z{"z", {0, -1}, {1, -1}, {-1, 1}, {0, 1}, dx, w, -0.5, s};
    return {x, y, z};
}

} // namespace

std::string_view latticeKindName(LatticeKind kind)
{
    return kind == LatticeKind::Square ? "square" : "triangle";
}

std::optional<LatticeKind> parseLatticeKind(std::string_view name)
{
    if (name == "square") return LatticeKind::Square;
    if (name == "triangle" || name == "triangular") return LatticeKind::Triangle;
    return std::nullopt;
}

Lattice::Lattice(LatticeKind kind, int width, int height, double cellSize)
    : kind_(kind), width_(width), height_(height), cellSize_(cellSize)
{
    if (width < 2 || height < 2 || width > kMaxSide || height > kMaxSide)
        throw std::invalid_argument("lattice size " + std::to_string(width) + "x" + std::to_string(height)
                                    + " is outside 2.." + std::to_string(kMaxSide));
    if (const std::string problem = checkRange("cell size", cellSize, ranges::kMinCellSize, ranges::kMaxCellSize, "m"); !problem.empty())
        throw std::invalid_argument(problem);
    if (kind == LatticeKind::Square) {
        familyCount_ = 2;
        families_ = squareFamilies(cellSize);
        cellArea_ = cellSize * cellSize;
    } else {
        familyCount_ = 3;
        families_ = triangleFamilies(cellSize);
        cellArea_ = kSqrt3 / 2.0 * cellSize * cellSize; // hexagonal dual cell
    }
}

double Lattice::rowSpacing() const
{
    return kind_ == LatticeKind::Square ? cellSize_ : cellSize_ * kSqrt3 / 2.0;
}

WorldPoint Lattice::worldPosition(int x, int y) const
{
    // Square cells and triangle vertices both sit at the centre of the area they own; a triangle
    // vertex owns a hexagon one dx wide, and odd rows are shifted half a dx east.
    if (kind_ == LatticeKind::Square) return {(x + 0.5) * cellSize_, (y + 0.5) * cellSize_};
    return {(x + 0.5 + 0.5 * (y & 1)) * cellSize_, (y + 0.5) * rowSpacing()};
}

double Lattice::worldWidth() const
{
    return kind_ == LatticeKind::Square ? width_ * cellSize_ : (width_ + 0.5) * cellSize_;
}

double Lattice::worldHeight() const
{
    return height_ * rowSpacing();
}

std::optional<CellCoord> Lattice::nearestCell(WorldPoint p) const
{
    if (!(p.x >= 0.0 && p.y >= 0.0 && p.x < worldWidth() && p.y < worldHeight())) return std::nullopt;
    const int y = std::min(height_ - 1, static_cast<int>(p.y / rowSpacing()));
    if (kind_ == LatticeKind::Square) return CellCoord{std::min(width_ - 1, static_cast<int>(p.x / cellSize_)), y};
    // Check the candidate row and its two neighbours; the nearest vertex wins.
    std::optional<CellCoord> best;
    double bestDistance = 0.0;
    for (int row = std::max(0, y - 1); row <= std::min(height_ - 1, y + 1); ++row) {
        const double shift = 0.5 + 0.5 * (row & 1);
        const int column = std::clamp(static_cast<int>(std::lround(p.x / cellSize_ - shift)), 0, width_ - 1);
        const WorldPoint c = worldPosition(column, row);
        const double d = (c.x - p.x) * (c.x - p.x) + (c.y - p.y) * (c.y - p.y);
        if (!best || d < bestDistance) {
            best = CellCoord{column, row};
            bestDistance = d;
        }
    }
    return best;
}

bool Lattice::operator==(const Lattice& other) const
{
    return kind_ == other.kind_ && width_ == other.width_ && height_ == other.height_ && cellSize_ == other.cellSize_;
}

} // namespace rb
