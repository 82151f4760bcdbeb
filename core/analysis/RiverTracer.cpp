#include "analysis/RiverTracer.h"

#include "io/VelocityField.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace rb::analysis {
namespace {

constexpr std::size_t kMinPoints = 3;
// A source gets most of its water from outside the river; a cell at the margin of a wide channel,
// fed by the channel itself, is no source.
constexpr double kSourceOutsideShare = 0.5;
// Points this far back along the same line may share cells with the newest one (diagonal steps
// clip the previous section's cells); a line that comes back to an older point has looped.
constexpr int kRecentPoints = 3;
constexpr double kMaxShiftCells = 1.0;

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

} // namespace

// A new line starts at every confluence: the river downstream of a confluence is a line of its
// own, which the two (or more) lines above it join at its first point.
void splitAtConfluences(std::vector<River>& rivers)
{
    for (std::size_t q = 0; q < rivers.size(); ++q) {
        const int id = static_cast<int>(q);
        const std::vector<std::pair<int, int>> pieces = piecesOf(rivers, id);
        if (pieces.size() == 1) continue;
        const std::vector<RiverPoint> points = rivers[q].points;
        const int outlet = rivers[q].downstream, outletIndex = rivers[q].joinIndex;
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
            River piece;
            piece.id = ids[p];
            piece.points.assign(points.begin() + pieces[p].first, points.begin() + pieces[p].second + 1);
            const bool last = p + 1 == pieces.size();
            piece.downstream = last ? outlet : ids[p + 1];
            piece.joinIndex = last ? outletIndex : 0;
            if (p == 0) rivers[q] = std::move(piece);
            else rivers.push_back(std::move(piece));
        }
    }
}

RiverTracer::RiverTracer(const MapState& state, const std::vector<std::uint8_t>& sea, double threshold)
    : state_(state), sea_(sea), discharge_(state), threshold_(threshold),
      ownerRiver_(state.lattice.cellCount(), -1), ownerPoint_(state.lattice.cellCount(), -1)
{
}

bool RiverTracer::isRiverCell(CellCoord c) const
{
    const std::size_t i = state_.lattice.index(c.x, c.y);
    return !sea_[i] && state_.depth[i] > io::kWetDepth && discharge_.at(c.x, c.y) >= threshold_ && threshold_ > 0.0;
}

std::vector<CellCoord> RiverTracer::sources() const
{
    std::vector<CellCoord> result;
    const Lattice& lattice = state_.lattice;
    for (int y = 0; y < lattice.height(); ++y)
        for (int x = 0; x < lattice.width(); ++x) {
            if (!isRiverCell({x, y})) continue;
            const double fromRiver = discharge_.inflowFrom(x, y, [this](int nx, int ny) { return isRiverCell({nx, ny}); });
            if (fromRiver < kSourceOutsideShare * discharge_.at(x, y)) result.push_back({x, y});
        }
    // Strongest first, ties in raster order, so the result does not depend on anything else.
    std::stable_sort(result.begin(), result.end(),
                     [this](CellCoord a, CellCoord b) { return discharge_.at(a.x, a.y) > discharge_.at(b.x, b.y); });
    return result;
}

std::vector<River> RiverTracer::trace()
{
    std::vector<River> rivers;
    for (const CellCoord source : sources()) {
        if (ownerRiver_[state_.lattice.index(source.x, source.y)] >= 0) continue;
        const int id = static_cast<int>(rivers.size());
        River river = traceFrom(source, id);
        const std::size_t own = river.points.size() - (river.downstream >= 0 ? 1 : 0);
        if (own < kMinPoints) {
            release(id);
            continue;
        }
        rivers.push_back(std::move(river));
    }
    // A tributary's last point is the confluence point of the line it joins: before smoothing, so
    // that the tributary bends towards it, and after, so that the two lines meet exactly.
    placeConfluences(rivers);
    for (River& river : rivers) smoothCentreLine(river.points);
    placeConfluences(rivers);
    splitAtConfluences(rivers);
    return rivers;
}

RiverPoint RiverTracer::pointOf(const CrossSection& s) const
{
    RiverPoint p;
    p.x = s.centre.x;
    p.y = s.centre.y;
    p.z = s.surface;
    p.width = s.width;
    p.depth = s.depth;
    p.discharge = s.discharge;
    p.velocity = (s.width > 0.0 && s.depth > 0.0) ? s.discharge / (s.width * s.depth) : 0.0;
    p.vx = p.velocity * s.flowX;
    p.vy = p.velocity * s.flowY;
    return p;
}

River RiverTracer::traceFrom(CellCoord source, int id)
{
    const Lattice& lattice = state_.lattice;
    River river;
    river.id = id;
    claimedByLast_.clear();
    WorldPoint at = lattice.worldPosition(source.x, source.y);
    const io::CellVelocity v0 = io::cellVelocity(state_, source.x, source.y);
    double dirX = v0.x, dirY = v0.y;
    // One cell's velocity can point anywhere (a source at the side of an inflow edge runs towards
    // the channel): the first section is measured again across its own mean flow.
    if (const CrossSection first = measureCrossSection(state_, at, dirX, dirY); first.wet && (first.flowX != 0.0 || first.flowY != 0.0)) {
        at = first.centre;
        dirX = first.flowX;
        dirY = first.flowY;
    }
    const std::size_t maxPoints = lattice.cellCount();
    while (river.points.size() < maxPoints) {
        // The first point may move anywhere across its section (a source at the edge of a wide
        // inflow); later ones a cell at a time.
        const double maxShift = river.points.empty() ? std::numeric_limits<double>::infinity() : kMaxShiftCells * lattice.cellSize();
        const CrossSection section = measureCrossSection(state_, at, dirX, dirY, maxShift);
        if (!section.wet || !(section.discharge > 0.0)) break;
        const std::optional<CellCoord> centre = lattice.nearestCell(section.centre);
        if (!centre || !isRiverCell(*centre)) break;
        const std::size_t c = lattice.index(centre->x, centre->y);
        const int here = static_cast<int>(river.points.size());
        if (ownerRiver_[c] >= 0 && ownerRiver_[c] != id) { // a confluence
            river.downstream = ownerRiver_[c];
            river.joinIndex = ownerPoint_[c];
            river.points.push_back(RiverPoint{});           // filled with the joined point at the end
            break;
        }
        if (ownerRiver_[c] == id && ownerPoint_[c] < here - kRecentPoints) break; // an eddy: looped back
        river.points.push_back(pointOf(section));
        claim(section, id, here);
        if (!(section.flowX != 0.0 || section.flowY != 0.0)) break;
        dirX = section.flowX;
        dirY = section.flowY;
        at = {section.centre.x + dirX * lattice.cellSize(), section.centre.y + dirY * lattice.cellSize()};
    }
    return river;
}

void RiverTracer::claim(const CrossSection& section, int river, int point)
{
    for (const CellCoord c : section.cells) {
        const std::size_t i = state_.lattice.index(c.x, c.y);
        if (ownerRiver_[i] >= 0 || !isRiverCell(c)) continue;
        ownerRiver_[i] = river;
        ownerPoint_[i] = point;
        claimedByLast_.push_back(i);
    }
}

void RiverTracer::release(int river)
{
    for (const std::size_t i : claimedByLast_)
        if (ownerRiver_[i] == river) {
            ownerRiver_[i] = -1;
            ownerPoint_[i] = -1;
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
