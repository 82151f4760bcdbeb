#pragma once

#include "generator/ProgressTracker.h"
#include "lattice/Lattice.h"

#include <cstdint>
#include <optional>
#include <vector>

namespace rb::gen {

// The least-cost path over a grid of per-cell costs (Dijkstra), from a start cell to the nearest
// target cell. Moves: the 8 surrounding cells on the square lattice (diagonals cost √2), the 6
// lattice neighbours on the triangular one; a move costs the mean of its two cells' costs times
// its length in cells. Single-threaded and deterministic: equal distances settle in cell-index order.
// Memory: a float distance and a byte of direction per cell.
class ChannelRouter {
public:
    ChannelRouter(const Lattice& lattice, const std::vector<float>& cost);

    // Start first, the reached target last; every step joins neighbouring cells. nullopt when
    // cancelled or when no target can be reached.
    std::optional<std::vector<CellCoord>> route(CellCoord start, const std::vector<std::uint8_t>& isTarget,
                                                ProgressTracker& progress) const;

private:
    struct Move {
        CellOffset offset;
        float length; // in cells
    };
    int moveCount(int row) const;
    const Move& move(int row, int k) const { return moves_[static_cast<std::size_t>(row & 1)][static_cast<std::size_t>(k)]; }
    int moveBack(int row, CellOffset offset) const; // the move from a cell on `row` by `offset`
    std::vector<CellCoord> tracePath(CellCoord end, const std::vector<std::uint8_t>& cameFrom) const;

    const Lattice& lattice_;
    const std::vector<float>& cost_;
    std::vector<Move> moves_[2]; // by row parity: the triangular lattice's neighbours depend on it
};

} // namespace rb::gen
