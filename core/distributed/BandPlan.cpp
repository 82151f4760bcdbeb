#include "distributed/BandPlan.h"

#include <algorithm>
#include <stdexcept>

namespace rb {

std::string BandPlan::refusal(int height, int ranks)
{
    if (ranks < 1) return "a distributed run needs at least one rank";
    // Bands start on even rows, so each holds at least one pair of rows.
    if (height / 2 < ranks)
        return "the map has " + std::to_string(height) + " rows, too few for " + std::to_string(ranks) +
               " ranks: each rank needs at least 2 rows (bands start on even rows); run with at most " + std::to_string(std::max(1, height / 2)) +
               " ranks";
    return {};
}

BandPlan::BandPlan(int height, int ranks, int halo) : height_(height)
{
    if (const std::string problem = refusal(height, ranks); !problem.empty()) throw std::invalid_argument(problem);
    const int pairs = height / 2;
    const int evenHalo = 2 * ((std::max(0, halo) + 1) / 2); // held rows start on even rows too
    for (int r = 0; r < ranks; ++r) {
        Band band;
        band.y0 = 2 * (pairs * r / ranks);
        band.y1 = r == ranks - 1 ? height : 2 * (pairs * (r + 1) / ranks);
        band.s = std::max(0, band.y0 - evenHalo);
        band.e = std::min(height, band.y1 + evenHalo);
        bands_.push_back(band);
    }
}

int BandPlan::owner(int y) const
{
    for (int r = 0; r < ranks(); ++r)
        if (y < bands_[static_cast<std::size_t>(r)].y1) return r;
    return ranks() - 1;
}

std::pair<int, int> BandPlan::ownedRows(int rank, bool ghosts) const
{
    const Band& b = band(rank);
    const int first = ghosts && rank == 0 ? -1 : b.y0, last = ghosts && rank == ranks() - 1 ? height_ + 1 : b.y1;
    return {first, last};
}

} // namespace rb
