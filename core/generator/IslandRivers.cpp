#include "generator/IslandRivers.h"

#include "generator/LatticeNeighbours.h"

#include <algorithm>
#include <cmath>
#include <queue>
#include <tuple>

namespace rb::gen {
namespace {

CellCoord coordOf(const Lattice& lattice, std::size_t cell)
{
    const auto w = static_cast<std::size_t>(lattice.width());
    return {static_cast<int>(cell % w), static_cast<int>(cell / w)};
}

// The cells water can reach in one move of a river's centre line: the lattice's neighbours, and on
// the square lattice the diagonal ones too (rivers would otherwise run in staircases).
template <typename Visit>
void forEachRiverNeighbour(const Lattice& lattice, int x, int y, Visit&& visit)
{
    if (lattice.kind() == LatticeKind::Triangle) return forEachNeighbour(lattice, x, y, visit);
    for (int dy = -1; dy <= 1; ++dy)
        for (int dx = -1; dx <= 1; ++dx)
            if ((dx != 0 || dy != 0) && lattice.contains(x + dx, y + dy)) visit(x + dx, y + dy);
}

} // namespace

Drainage::Drainage(const Lattice& lattice, const FloatField& bed, const std::vector<std::uint8_t>& sea)
    : lattice_(lattice), sea_(sea), downstream_(lattice.cellCount(), -1), accumulation_(lattice.cellCount(), 0),
      upstream_(lattice.cellCount())
{
    flood(bed);
    accumulate();
}

void Drainage::flood(const FloatField& bed)
{
    // (filled height, arrival number, cell): the lowest first, then first come first served.
    using Entry = std::tuple<float, std::uint64_t, std::size_t>;
    std::priority_queue<Entry, std::vector<Entry>, std::greater<>> open;
    std::vector<std::uint8_t> reached(lattice_.cellCount(), 0);
    std::vector<float> filled(lattice_.cellCount());
    std::uint64_t arrivals = 0;
    for (std::size_t i = 0; i < sea_.size(); ++i)
        if (sea_[i]) {
            reached[i] = 1;
            filled[i] = bed[i];
            open.emplace(bed[i], arrivals++, i);
        }
    while (!open.empty()) {
        const auto [height, arrival, cell] = open.top();
        open.pop();
        const CellCoord c = coordOf(lattice_, cell);
        forEachRiverNeighbour(lattice_, c.x, c.y, [&](int nx, int ny) {
            const std::size_t next = lattice_.index(nx, ny);
            if (reached[next]) return;
            reached[next] = 1;
            downstream_[next] = static_cast<std::int64_t>(cell);
            filled[next] = std::max(bed[next], height);
            order_.push_back(next);
            open.emplace(filled[next], arrivals++, next);
        });
    }
}

void Drainage::accumulate()
{
    for (auto it = order_.rbegin(); it != order_.rend(); ++it) {
        const std::size_t cell = *it;
        accumulation_[cell] += 1;
        const std::int64_t down = downstream_[cell];
        upstream_[static_cast<std::size_t>(down)].push_back(static_cast<std::int64_t>(cell));
        if (!sea_[static_cast<std::size_t>(down)]) accumulation_[static_cast<std::size_t>(down)] += accumulation_[cell];
    }
}

std::vector<std::size_t> Drainage::mouths() const
{
    std::vector<std::size_t> found;
    for (std::size_t cell : order_)
        if (sea_[static_cast<std::size_t>(downstream_[cell])]) found.push_back(cell);
    std::sort(found.begin(), found.end(), [&](std::size_t a, std::size_t b) {
        return accumulation_[a] != accumulation_[b] ? accumulation_[a] > accumulation_[b] : a < b;
    });
    return found;
}

std::int64_t Drainage::mainTributary(std::size_t cell) const
{
    std::int64_t best = -1;
    for (std::int64_t up : upstream_[cell])
        if (best < 0 || accumulation_[static_cast<std::size_t>(up)] > accumulation_[static_cast<std::size_t>(best)]
            || (accumulation_[static_cast<std::size_t>(up)] == accumulation_[static_cast<std::size_t>(best)] && up < best))
            best = up;
    return best;
}

namespace {

// The main stem from `mouth` up to where it drains less than `headShare` of the basin, head first,
// then the sea cell it runs into.
std::vector<CellCoord> mainStem(const Lattice& lattice, const Drainage& drainage, std::size_t mouth, double headShare)
{
    const double headAccumulation = std::max(2.0, headShare * drainage.accumulation(mouth));
    std::vector<CellCoord> stem{coordOf(lattice, static_cast<std::size_t>(drainage.downstream(mouth))), coordOf(lattice, mouth)};
    std::size_t cell = mouth;
    for (std::int64_t up = drainage.mainTributary(cell); up >= 0 && drainage.accumulation(static_cast<std::size_t>(up)) >= headAccumulation;
         up = drainage.mainTributary(cell)) {
        cell = static_cast<std::size_t>(up);
        stem.push_back(coordOf(lattice, cell));
    }
    std::reverse(stem.begin(), stem.end());
    return stem;
}

bool farFromAll(CellCoord c, const std::vector<CellCoord>& others, double separation)
{
    return std::all_of(others.begin(), others.end(), [&](CellCoord o) { return std::hypot(c.x - o.x, c.y - o.y) >= separation; });
}

} // namespace

std::vector<std::vector<CellCoord>> chooseRivers(const Lattice& lattice, const FloatField& bed, const Drainage& drainage,
                                                 const RiverChoice& choice)
{
    std::vector<std::vector<CellCoord>> rivers;
    std::vector<CellCoord> chosenMouths;
    const double separation = choice.minSeparation * std::max(lattice.width(), lattice.height());
    for (std::size_t mouth : drainage.mouths()) {
        if (static_cast<int>(rivers.size()) >= choice.count) break;
        const CellCoord at = coordOf(lattice, mouth);
        if (!farFromAll(at, chosenMouths, separation)) continue;
        std::vector<CellCoord> stem = mainStem(lattice, drainage, mouth, choice.headShare);
        if (static_cast<int>(stem.size()) < choice.minLength + 1) continue; // + the sea cell
        if (bed(stem.front().x, stem.front().y) < choice.minHeadHeight) continue;
        chosenMouths.push_back(at);
        rivers.push_back(std::move(stem));
    }
    return rivers;
}

void keepRiversDownhill(const std::vector<std::vector<CellCoord>>& rivers, FloatField& bed)
{
    // Values only fall, so this settles; a pass that changes nothing ends it.
    for (bool changed = true; changed;) {
        changed = false;
        for (const std::vector<CellCoord>& path : rivers)
            for (std::size_t i = 1; i < path.size(); ++i) {
                float& here = bed(path[i].x, path[i].y);
                const float above = bed(path[i - 1].x, path[i - 1].y);
                if (here > above) {
                    here = above;
                    changed = true;
                }
            }
    }
}

} // namespace rb::gen
