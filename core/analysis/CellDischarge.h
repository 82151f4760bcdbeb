#pragma once

#include "model/MapState.h"

#include <cstdint>
#include <optional>
#include <vector>

namespace rb::analysis {

// The water passing through each cell (m³/s): the larger of what enters it and what leaves it
// through its faces, boundary faces included. In a steady channel one cell wide this is exactly the
// channel's discharge; across a wider channel the discharge is shared between its cells.
class CellDischarge {
public:
    explicit CellDischarge(const MapState& state);

    double at(int x, int y) const { return through_[state_.lattice.index(x, y)]; }
    double largest() const { return largest_; }
    // The largest over the cells where `excluded` is 0 (the land: the sea's currents are no river).
    double largestOutside(const std::vector<std::uint8_t>& excluded) const;
    // The neighbour the cell sends most of its water to; nullopt when nothing leaves it.
    std::optional<CellCoord> mainOutflow(int x, int y) const;
    // The part of the cell's inflow that comes from neighbours for which `fromCell` is true.
    template <typename Predicate>
    double inflowFrom(int x, int y, Predicate fromCell) const;

private:
    const MapState& state_;
    std::vector<double> through_;
    double largest_ = 0.0;
};

template <typename Predicate>
double CellDischarge::inflowFrom(int x, int y, Predicate fromCell) const
{
    const Lattice& lattice = state_.lattice;
    double inflow = 0.0;
    for (int f = 0; f < lattice.familyCount(); ++f) {
        const EdgeFamily& family = lattice.family(f);
        const FloatField& flows = state_.flows[static_cast<std::size_t>(f)];
        const CellOffset tail = family.tailOffset(y);
        const CellOffset head = family.headOffset(y);
        const double in = flows[lattice.paddedIndex(x, y)];                       // tail → this cell
        const double out = flows[lattice.paddedIndex(x + head.dx, y + head.dy)];  // this cell → head
        if (in > 0.0 && lattice.contains(x + tail.dx, y + tail.dy) && fromCell(x + tail.dx, y + tail.dy)) inflow += in;
        if (out < 0.0 && lattice.contains(x + head.dx, y + head.dy) && fromCell(x + head.dx, y + head.dy)) inflow -= out;
    }
    return inflow;
}

} // namespace rb::analysis
