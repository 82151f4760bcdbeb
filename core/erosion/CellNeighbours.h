#pragma once

#include "lattice/Lattice.h"

#include <array>
#include <cstddef>

namespace rb {

// A cell's neighbours as the erosion walks them (every family's tail, then its head), as index
// offsets for rows of either parity, so the inner loops need no lattice lookups; and the offset
// from a cell's padded flow slot to the slot of each family's face the cell is the tail of.
class CellNeighbours {
public:
    static constexpr int kMax = 2 * Lattice::kMaxFamilies;

    struct Row {
        int count = 0;
        std::array<CellOffset, kMax> step{};          // to the neighbour
        std::array<std::ptrdiff_t, kMax> cell{};      // its cell index − ours
        std::array<int, kMax> family{};
        std::array<std::ptrdiff_t, Lattice::kMaxFamilies> headSlot{}; // padded slot of our outgoing face − ours
    };

    explicit CellNeighbours(const Lattice& lattice)
    {
        const auto width = static_cast<std::ptrdiff_t>(lattice.width()), padded = static_cast<std::ptrdiff_t>(lattice.paddedWidth());
        for (int parity = 0; parity < 2; ++parity) {
            Row& row = rows_[static_cast<std::size_t>(parity)];
            for (int f = 0; f < lattice.familyCount(); ++f) {
                const EdgeFamily& family = lattice.family(f);
                const CellOffset head = family.headOffset(parity);
                for (const CellOffset o : {family.tailOffset(parity), head}) {
                    const auto k = static_cast<std::size_t>(row.count++);
                    row.step[k] = o;
                    row.cell[k] = o.dy * width + o.dx;
                    row.family[k] = f;
                }
                row.headSlot[static_cast<std::size_t>(f)] = head.dy * padded + head.dx;
            }
        }
    }

    const Row& row(int y) const { return rows_[static_cast<std::size_t>(y & 1)]; }

private:
    std::array<Row, 2> rows_{};
};

} // namespace rb
