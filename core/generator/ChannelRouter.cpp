#include "generator/ChannelRouter.h"

#include <cmath>
#include <functional>
#include <limits>
#include <queue>

namespace rb::gen {
namespace {

struct Frontier {
    float distance;
    std::uint32_t cell;
    // Ties settle by cell index, so the path never depends on heap internals.
    bool operator>(const Frontier& o) const { return distance != o.distance ? distance > o.distance : cell > o.cell; }
};

constexpr std::uint8_t kNoMove = 0xff;
constexpr std::size_t kReportEvery = 1u << 16;

} // namespace

ChannelRouter::ChannelRouter(const Lattice& lattice, const std::vector<float>& cost) : lattice_(lattice), cost_(cost)
{
    for (int parity = 0; parity < 2; ++parity) {
        std::vector<Move>& moves = moves_[parity];
        if (lattice.kind() == LatticeKind::Square) {
            for (int dy = -1; dy <= 1; ++dy)
                for (int dx = -1; dx <= 1; ++dx)
                    if (dx || dy) moves.push_back({{dx, dy}, (dx && dy) ? static_cast<float>(std::sqrt(2.0)) : 1.0f});
        } else {
            for (int f = 0; f < lattice.familyCount(); ++f) {
                moves.push_back({lattice.family(f).tailOffset(parity), 1.0f});
                moves.push_back({lattice.family(f).headOffset(parity), 1.0f});
            }
        }
    }
}

int ChannelRouter::moveCount(int row) const
{
    return static_cast<int>(moves_[row & 1].size());
}

int ChannelRouter::moveBack(int row, CellOffset offset) const
{
    for (int k = 0; k < moveCount(row); ++k)
        if (move(row, k).offset.dx == offset.dx && move(row, k).offset.dy == offset.dy) return k;
    return kNoMove;
}

std::optional<std::vector<CellCoord>> ChannelRouter::route(CellCoord start, const std::vector<std::uint8_t>& isTarget,
                                                           ProgressTracker& progress) const
{
    const std::size_t count = lattice_.cellCount();
    std::vector<float> distance(count, std::numeric_limits<float>::infinity());
    std::vector<std::uint8_t> cameFrom(count, kNoMove); // the move back towards the start
    std::priority_queue<Frontier, std::vector<Frontier>, std::greater<>> frontier;
    const auto width = static_cast<std::uint32_t>(lattice_.width());
    const auto startCell = static_cast<std::uint32_t>(lattice_.index(start.x, start.y));
    distance[startCell] = 0.0f;
    frontier.push({0.0f, startCell});
    std::size_t settled = 0;
    while (!frontier.empty()) {
        const Frontier f = frontier.top();
        frontier.pop();
        if (f.distance > distance[f.cell]) continue; // a stale entry
        const int x = static_cast<int>(f.cell % width), y = static_cast<int>(f.cell / width);
        if (isTarget[f.cell]) return tracePath({x, y}, cameFrom);
        if (++settled % kReportEvery == 0) {
            if (progress.cancelled()) return std::nullopt;
            progress.report(static_cast<double>(settled) / static_cast<double>(count));
        }
        for (int k = 0; k < moveCount(y); ++k) {
            const Move& m = move(y, k);
            const int nx = x + m.offset.dx, ny = y + m.offset.dy;
            if (!lattice_.contains(nx, ny)) continue;
            const auto next = static_cast<std::uint32_t>(lattice_.index(nx, ny));
            const float candidate = f.distance + 0.5f * (cost_[f.cell] + cost_[next]) * m.length;
            if (candidate < distance[next]) {
                distance[next] = candidate;
                cameFrom[next] = static_cast<std::uint8_t>(moveBack(ny, {-m.offset.dx, -m.offset.dy}));
                frontier.push({candidate, next});
            }
        }
    }
    return std::nullopt;
}

std::vector<CellCoord> ChannelRouter::tracePath(CellCoord end, const std::vector<std::uint8_t>& cameFrom) const
{
    std::vector<CellCoord> path{end};
    for (CellCoord c = end;;) {
        const std::uint8_t k = cameFrom[lattice_.index(c.x, c.y)];
        if (k == kNoMove) break; // the start
        const CellOffset back = move(c.y, k).offset;
        c = {c.x + back.dx, c.y + back.dy};
        path.push_back(c);
    }
    return {path.rbegin(), path.rend()};
}

} // namespace rb::gen
