#pragma once

#include <array>
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace rb {

enum class LatticeKind { Square, Triangle };

std::string_view latticeKindName(LatticeKind kind);
std::optional<LatticeKind> parseLatticeKind(std::string_view name);

struct CellOffset {
    int dx = 0;
    int dy = 0;
};

struct WorldPoint {
    double x = 0.0; // metres, east
    double y = 0.0; // metres, south (row index direction; row 0 is the north edge)
};

struct CellCoord {
    int x = 0;
    int y = 0;
};

// One family of pipes. Every edge of a family is identified by its head cell; its tail is the
// head's neighbour at tailOffset(head row). The offsets depend on row parity only on the
// triangular lattice, whose odd rows are shifted half a cell east (see docs/solver.md).
struct EdgeFamily {
    std::string_view name;        // "x", "y", "z"
    CellOffset tailFromEvenHead;  // tail = head + this, for heads on even rows
    CellOffset tailFromOddHead;
    CellOffset headFromEvenTail;  // head = tail + this, for tails on even rows
    CellOffset headFromOddTail;
    double pipeLength = 1.0;      // l: distance between the two cell centres (m)
    double faceWidth = 1.0;       // w: width of the face the two cells share (m)
    double directionX = 0.0;      // unit vector from tail to head in world space
    double directionY = 0.0;

    CellOffset tailOffset(int headRow) const { return (headRow & 1) ? tailFromOddHead : tailFromEvenHead; }
    CellOffset headOffset(int tailRow) const { return (tailRow & 1) ? headFromOddTail : headFromEvenTail; }
};

// The geometry of a map: which cells exist, where they are, and how they are connected.
// Square: cells on a W×H raster. Triangle: water lives on the W×H vertices of a regular
// triangle lattice, rows offset to a rectangle ("odd rows shifted east by dx/2").
class Lattice {
public:
    static constexpr int kMaxFamilies = 3;
    static constexpr int kMaxSide = 16384;

    Lattice() = default;
    Lattice(LatticeKind kind, int width, int height, double cellSize);

    LatticeKind kind() const { return kind_; }
    int width() const { return width_; }
    int height() const { return height_; }
    std::size_t cellCount() const { return static_cast<std::size_t>(width_) * static_cast<std::size_t>(height_); }
    double cellSize() const { return cellSize_; } // dx, metres
    double cellArea() const { return cellArea_; } // S, m²
    int familyCount() const { return familyCount_; }
    const EdgeFamily& family(int f) const { return families_[static_cast<std::size_t>(f)]; }
    double rowSpacing() const; // world distance between two rows

    bool contains(int x, int y) const { return x >= 0 && y >= 0 && x < width_ && y < height_; }
    std::size_t index(int x, int y) const { return static_cast<std::size_t>(y) * static_cast<std::size_t>(width_) + static_cast<std::size_t>(x); }

    // Flow arrays carry a one-cell ghost ring: (W+2)×(H+2), edge stored at its head cell.
    int paddedWidth() const { return width_ + 2; }
    int paddedHeight() const { return height_ + 2; }
    std::size_t paddedCount() const { return static_cast<std::size_t>(paddedWidth()) * static_cast<std::size_t>(paddedHeight()); }
    std::size_t paddedIndex(int x, int y) const { return static_cast<std::size_t>(y + 1) * static_cast<std::size_t>(width_ + 2) + static_cast<std::size_t>(x + 1); }

    WorldPoint worldPosition(int x, int y) const; // centre of a cell / position of a vertex
    double worldWidth() const;                    // extent of the map's bounding rectangle (m)
    double worldHeight() const;
    std::optional<CellCoord> nearestCell(WorldPoint p) const; // nullopt outside the map

    bool operator==(const Lattice& other) const;

private:
    LatticeKind kind_ = LatticeKind::Square;
    int width_ = 0;
    int height_ = 0;
    double cellSize_ = 1.0;
    double cellArea_ = 1.0;
    int familyCount_ = 0;
    std::array<EdgeFamily, kMaxFamilies> families_{};
};

} // namespace rb
