#include "analysis/CellDischarge.h"

#include <algorithm>

namespace rb::analysis {

CellDischarge::CellDischarge(const MapState& state) : state_(state), through_(state.lattice.cellCount(), 0.0)
{
    const Lattice& lattice = state.lattice;
    for (int y = 0; y < lattice.height(); ++y)
        for (int x = 0; x < lattice.width(); ++x) {
            double in = 0.0, out = 0.0;
            for (int f = 0; f < lattice.familyCount(); ++f) {
                const FloatField& flows = state.flows[static_cast<std::size_t>(f)];
                const CellOffset head = lattice.family(f).headOffset(y);
                const double fromTail = flows[lattice.paddedIndex(x, y)];
                const double toHead = flows[lattice.paddedIndex(x + head.dx, y + head.dy)];
                (fromTail > 0.0 ? in : out) += std::abs(fromTail);
                (toHead > 0.0 ? out : in) += std::abs(toHead);
            }
            const double through = std::max(in, out);
            through_[lattice.index(x, y)] = through;
            largest_ = std::max(largest_, through);
        }
}

std::optional<CellCoord> CellDischarge::mainOutflow(int x, int y) const
{
    const Lattice& lattice = state_.lattice;
    std::optional<CellCoord> best;
    double most = 0.0;
    const auto consider = [&](CellCoord n, double out) {
        if (out > most && lattice.contains(n.x, n.y)) {
            most = out;
            best = n;
        }
    };
    for (int f = 0; f < lattice.familyCount(); ++f) {
        const FloatField& flows = state_.flows[static_cast<std::size_t>(f)];
        const CellOffset tail = lattice.family(f).tailOffset(y), head = lattice.family(f).headOffset(y);
        consider({x + head.dx, y + head.dy}, flows[lattice.paddedIndex(x + head.dx, y + head.dy)]); // this cell → head
        consider({x + tail.dx, y + tail.dy}, -flows[lattice.paddedIndex(x, y)]);                   // this cell → tail
    }
    return best;
}

double CellDischarge::largestOutside(const std::vector<std::uint8_t>& excluded) const
{
    double largest = 0.0;
    for (std::size_t i = 0; i < through_.size(); ++i)
        if (!excluded[i]) largest = std::max(largest, through_[i]);
    return largest;
}

} // namespace rb::analysis
