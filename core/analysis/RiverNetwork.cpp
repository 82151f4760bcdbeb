#include "analysis/RiverNetwork.h"

#include "analysis/WaterOrigins.h"

#include <algorithm>
#include <optional>

namespace rb::analysis {
namespace {

// How far into a line another may flow and still be its upstream part (RiverTracer's recent
// points: a line's first sections may shift across the channel).
constexpr int kContinuationPoints = 3;
// Less of another origin's water than this share of a line's own at its end is the numerical
// mixing at the edge of the other's water, not water that has joined it.
constexpr double kJoinedShare = 0.005;
// Water that joins a line flows with it over at least this many points (cells) before its end;
// the sea's water beside a widening mouth is in its last two or three sections only.
constexpr std::size_t kJoinedPoints = 5;

void placeConfluences(std::vector<River>& rivers)
{
    for (River& river : rivers)
        if (river.downstream >= 0)
            river.points.back() = rivers[static_cast<std::size_t>(river.downstream)].points[static_cast<std::size_t>(river.joinIndex)];
}

// The pieces a river is cut into: [start, end] point ranges sharing their end points.
std::vector<std::pair<int, int>> piecesOf(const std::vector<River>& rivers, int id)
{
    const int last = static_cast<int>(rivers[static_cast<std::size_t>(id)].points.size()) - 1;
    std::vector<int> cuts;
    for (const River& r : rivers)
        if (r.downstream == id && r.joinIndex > 0 && r.joinIndex < last) cuts.push_back(r.joinIndex);
    std::sort(cuts.begin(), cuts.end());
    cuts.erase(std::unique(cuts.begin(), cuts.end()), cuts.end());
    std::vector<std::pair<int, int>> pieces;
    int start = 0;
    for (const int cut : cuts) {
        pieces.emplace_back(start, cut);
        start = cut;
    }
    pieces.emplace_back(start, last);
    return pieces;
}

// The line (index) that flows into the start of `below`, when it is the only one there; else nullopt.
std::optional<std::size_t> soleContinuation(const std::vector<River>& rivers, std::size_t below)
{
    std::optional<std::size_t> upper;
    for (std::size_t q = 0; q < rivers.size(); ++q) {
        const River& r = rivers[q];
        if (r.downstream != static_cast<int>(below) || r.joinIndex > kContinuationPoints) continue;
        if (upper) return std::nullopt; // two lines meet there: a confluence
        upper = q;
    }
    return upper;
}

// Erases line `gone`, which no line joins any more; the ids after it move down.
void removeLine(std::vector<River>& rivers, std::size_t gone)
{
    rivers.erase(rivers.begin() + static_cast<std::ptrdiff_t>(gone));
    for (std::size_t q = 0; q < rivers.size(); ++q) {
        rivers[q].id = static_cast<int>(q);
        if (rivers[q].downstream > static_cast<int>(gone)) --rivers[q].downstream;
    }
}

// `upper` takes over `below`'s points from the one it joined on, its links and its end; lines
// that joined `below` further down join `upper` instead; `below` is removed.
void join(std::vector<River>& rivers, std::size_t upper, std::size_t below)
{
    River& up = rivers[upper];
    const River& down = rivers[below];
    up.points.pop_back(); // the confluence placeholder
    up.points.insert(up.points.end(), down.points.begin() + up.joinIndex, down.points.end());
    const int shift = static_cast<int>(up.points.size()) - static_cast<int>(down.points.size()); // below's point k is now k + shift
    up.downstream = down.downstream;
    up.joinIndex = down.joinIndex;
    up.end = down.end;
    up.lake = down.lake;
    for (River& r : rivers)
        if (r.downstream == static_cast<int>(below)) {
            r.downstream = static_cast<int>(upper);
            r.joinIndex += shift;
        }
    removeLine(rivers, below);
}

// A stub no longer than the points it may join on: the margin of the water that starts `below`
// (a source beside the strongest one on an inflow edge), whose sections do not yet span the river.
// It is dropped; lines that joined it join `below` where it did.
void dropStub(std::vector<River>& rivers, std::size_t stub)
{
    const River& s = rivers[stub];
    for (River& r : rivers)
        if (r.downstream == static_cast<int>(stub)) {
            r.downstream = s.downstream;
            r.joinIndex = s.joinIndex;
        }
    removeLine(rivers, stub);
}

// Water of other origins that joins a line and stays in it to its end (a spring's water that spills
// over into this valley) is the line's too: the least its last kJoinedPoints own sections hold of
// each origin beyond its own, from kJoinedShare of its own water up. Not the water of the lines it
// meets at a confluence, nor the sea's beside a mouth: they only touch it there.
OriginDischarge joinedWater(const std::vector<River>& rivers, const River& river)
{
    OriginDischarge joined{};
    const std::size_t own = river.points.size() - (river.downstream >= 0 ? 1 : 0);
    if (own == 0) return joined;
    auto excluded = static_cast<unsigned>(river.origins);
    if (river.downstream >= 0)
        for (const River& r : rivers)
            if (r.id == river.downstream || (r.downstream == river.downstream && r.joinIndex == river.joinIndex)) excluded |= r.origins;
    OriginDischarge end = river.points[own - 1].byOrigin;
    for (std::size_t i = own - std::min<std::size_t>(own, kJoinedPoints); i < own; ++i)
        for (std::size_t k = 0; k < end.size(); ++k) end[k] = std::min(end[k], river.points[i].byOrigin[k]);
    const double ownWater = dischargeOf(river.points[own - 1].byOrigin, river.origins);
    for (std::size_t k = 0; k < joined.size(); ++k)
        if (!(excluded & (1u << k)) && end[k] >= kJoinedShare * ownWater) joined[k] = end[k];
    return joined;
}

// A point's discharge by origin as the line counts it: all of its own origins' water, of the water
// that joins it no more than reaches its end (before, some of it only touched the line), none of
// the rest; the discharge is their sum, the velocity scaled with it.
void recount(RiverPoint& p, OriginMask origins, const OriginDischarge& joined)
{
    double discharge = 0.0;
    for (std::size_t k = 0; k < p.byOrigin.size(); ++k) {
        double& q = p.byOrigin[k];
        q = (origins & (1u << k)) ? q : std::clamp(q, 0.0, joined[k]);
        discharge += q;
    }
    const double scale = p.discharge != 0.0 ? discharge / p.discharge : 0.0;
    p.discharge = discharge;
    p.velocity *= scale; // velocity = discharge / (width · depth); vx and vy along the same direction
    p.vx *= scale;
    p.vy *= scale;
}

} // namespace

void finishNetwork(std::vector<River>& rivers, bool byOrigin)
{
    joinContinuations(rivers);
    // A tributary's last point is the confluence point of the line it joins: before smoothing, so
    // that the tributary bends towards it, and after, so that the two lines meet exactly.
    placeConfluences(rivers);
    for (River& river : rivers) smoothCentreLine(river.points);
    placeConfluences(rivers);
    splitAtConfluences(rivers);
    if (!byOrigin) return;
    countByOrigin(rivers);
    placeConfluences(rivers); // a tributary's last point is the line below's, counted as that one's
}

void countByOrigin(std::vector<River>& rivers)
{
    // The lines form a tree towards the mouths: passing the origins down until nothing changes
    // takes at most as many rounds as the longest chain of lines.
    for (bool changed = true; changed;) {
        changed = false;
        for (const River& r : rivers) {
            if (r.downstream < 0 || r.joinIndex != 0) continue;
            OriginMask& below = rivers[static_cast<std::size_t>(r.downstream)].origins;
            const auto joined = static_cast<OriginMask>(below | r.origins);
            changed = changed || joined != below;
            below = joined;
        }
    }
    std::vector<OriginDischarge> joined;
    for (const River& river : rivers) joined.push_back(joinedWater(rivers, river));
    for (std::size_t q = 0; q < rivers.size(); ++q)
        for (RiverPoint& p : rivers[q].points) recount(p, rivers[q].origins, joined[q]);
}

void joinContinuations(std::vector<River>& rivers)
{
    for (bool joined = true; joined;) {
        joined = false;
        for (std::size_t below = 0; below < rivers.size() && !joined; ++below)
            if (const std::optional<std::size_t> upper = soleContinuation(rivers, below); upper && *upper != below) {
                const bool stub = static_cast<int>(rivers[*upper].points.size()) - 1 <= kContinuationPoints;
                if (stub) dropStub(rivers, *upper);
                else join(rivers, *upper, below);
                joined = true;
            }
    }
}

// A new line starts at every confluence: the river downstream of a confluence is a line of its
// own, which the two (or more) lines above it join at its first point.
void splitAtConfluences(std::vector<River>& rivers)
{
    for (std::size_t q = 0; q < rivers.size(); ++q) {
        const int id = static_cast<int>(q);
        const std::vector<std::pair<int, int>> pieces = piecesOf(rivers, id);
        if (pieces.size() == 1) continue;
        const River whole = rivers[q];
        std::vector<int> ids{id};
        for (std::size_t p = 1; p < pieces.size(); ++p) ids.push_back(static_cast<int>(rivers.size() + p - 1));
        // Lines that joined this river now join the piece that holds their confluence.
        for (River& r : rivers)
            if (r.downstream == id)
                for (std::size_t p = pieces.size(); p-- > 0;)
                    if (r.joinIndex >= pieces[p].first) {
                        r.downstream = ids[p];
                        r.joinIndex -= pieces[p].first;
                        break;
                    }
        for (std::size_t p = 0; p < pieces.size(); ++p) {
            const bool last = p + 1 == pieces.size();
            River piece = last ? whole : River{};
            piece.id = ids[p];
            piece.points.assign(whole.points.begin() + pieces[p].first, whole.points.begin() + pieces[p].second + 1);
            if (!last) {
                piece.downstream = ids[p + 1];
                piece.joinIndex = 0;
                piece.end = RiverEnd::Confluence;
            }
            if (p == 0) rivers[q] = std::move(piece);
            else rivers.push_back(std::move(piece));
        }
    }
}

void smoothCentreLine(std::vector<RiverPoint>& points)
{
    for (int pass = 0; pass < 2; ++pass) {
        const std::vector<RiverPoint> before = points;
        for (std::size_t i = 1; i + 1 < points.size(); ++i) {
            points[i].x = (before[i - 1].x + before[i].x + before[i + 1].x) / 3.0;
            points[i].y = (before[i - 1].y + before[i].y + before[i + 1].y) / 3.0;
        }
    }
}

} // namespace rb::analysis
