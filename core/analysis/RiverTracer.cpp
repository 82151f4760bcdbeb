#include "analysis/RiverTracer.h"

#include "analysis/RiverNetwork.h"
#include "io/flow/VelocityField.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>

namespace rb::analysis {
namespace {

constexpr std::size_t kMinPoints = 3;
// A source gets most of its water from outside the river; a cell at the margin of a wide channel,
// fed by the channel itself, is no source.
constexpr double kSourceOutsideShare = 0.5;
// Points this far back along the same line may lie within a cell of the newest one (a tight bend);
// a line that comes back to an older point has looped.
constexpr int kRecentPoints = 3;
constexpr double kMaxShiftCells = 1.0;
// How far from its source a line may start (firstHeading), in cells, and by how much the next
// section's discharge may exceed the start's.
constexpr int kStartCells = 4;
constexpr double kGatheredShare = 0.01;
// With origins, a line claims the cells where its origins' water is at least this share: where two
// springs' water touches, the other's cells stay free for its own line; where they have mixed
// (below a confluence, half and half), the cells are the line's.
constexpr double kClaimShare = 0.3;

// Where a step that lands on dry ground (or on water that does not carry the river) is tried again:
// a shorter step, then turned towards either bank, a little and then more. Fractions of a cell and
// degrees from the flow direction.
struct Retry {
    double length;
    double degrees;
};
constexpr Retry kRetries[] = {{0.5, 0.0}, {1.0, 30.0}, {1.0, -30.0}, {0.5, 45.0}, {0.5, -45.0}, {1.0, 60.0}, {1.0, -60.0}};

} // namespace

RiverTracer::RiverTracer(const MapState& state, const std::vector<std::uint8_t>& sea, const std::vector<int>& cellLake, double threshold,
                         const WaterOrigins* origins)
    : state_(state), sea_(sea), cellLake_(cellLake), discharge_(state), threshold_(threshold), whose_{origins, kAllOrigins},
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
    finishNetwork(rivers, whose_.active());
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
    p.byOrigin = s.byOrigin;
    p.velocity = (s.width > 0.0 && s.depth > 0.0) ? s.discharge / (s.width * s.depth) : 0.0;
    p.vx = p.velocity * s.flowX;
    p.vy = p.velocity * s.flowY;
    return p;
}

RiverTracer::Heading RiverTracer::headingAt(CellCoord cell) const
{
    const WorldPoint at = state_.lattice.worldPosition(cell.x, cell.y);
    const io::CellVelocity v = io::cellVelocity(state_, cell.x, cell.y);
    // One cell's velocity can point anywhere (a source at the side of an inflow edge runs towards
    // the channel): the first section is measured again across its own mean flow.
    const CrossSection first = measureCrossSection(state_, at, v.x, v.y, std::numeric_limits<double>::infinity(), whose_);
    if (first.wet && (first.flowX != 0.0 || first.flowY != 0.0)) return {first.centre, first.flowX, first.flowY};
    return {at, v.x, v.y};
}

// A section through a spring's own cell may carry little (the water leaves it on every side
// before it gathers in a channel), and one beside an inflow edge only the part that has come in
// upstream of it. The line starts where its water has gathered: following each cell's main
// outflow from the source for a few cells, at the first section that carries the threshold and
// that the next one does not exceed by more than kGatheredShare.
RiverTracer::Heading RiverTracer::firstHeading(CellCoord source) const
{
    std::optional<CellCoord> cell = source;
    std::optional<Heading> previous;
    double carried = 0.0;
    for (int i = 0; i <= kStartCells && cell; ++i) {
        const Heading heading = headingAt(*cell);
        const CrossSection section = measureCrossSection(state_, heading.at, heading.dirX, heading.dirY, std::numeric_limits<double>::infinity(), whose_);
        const double discharge = section.wet ? section.discharge : 0.0;
        if (previous && carried >= threshold_ && discharge <= carried * (1.0 + kGatheredShare)) return *previous;
        previous = heading;
        carried = discharge;
        cell = discharge_.mainOutflow(cell->x, cell->y);
    }
    return previous && carried >= threshold_ ? *previous : headingAt(source);
}

River RiverTracer::traceFrom(CellCoord source, int id)
{
    const Lattice& lattice = state_.lattice;
    River river;
    river.id = id;
    claimedByLast_.clear();
    whose_.mask = whose_.active() ? whose_.origins->mainOrigins(lattice.index(source.x, source.y)) : kAllOrigins;
    river.origins = whose_.mask;
    Heading heading = firstHeading(source);
    const std::size_t maxPoints = lattice.cellCount();
    while (river.points.size() < maxPoints) {
        if (!lattice.nearestCell(heading.at)) {
            river.end = RiverEnd::Border;
            break;
        }
        const std::optional<Step> step = nextStep(river, heading);
        if (!step) { // nothing wet ahead: the water has run out
            river.end = RiverEnd::Fades;
            break;
        }
        if (const std::optional<RiverEnd> end = endAt(river, *step)) {
            river.end = *end;
            const std::size_t c = lattice.index(step->centre.x, step->centre.y);
            if (*end == RiverEnd::Lake) river.lake = cellLake_[c];
            if (*end == RiverEnd::Confluence) {
                river.downstream = ownerRiver_[c];
                river.joinIndex = ownerPoint_[c];
                river.points.push_back(RiverPoint{}); // filled with the joined point at the end
            }
            break;
        }
        const CrossSection& section = step->section;
        claim(section, id, static_cast<int>(river.points.size()));
        river.points.push_back(pointOf(section));
        if (section.flowX == 0.0 && section.flowY == 0.0) { // still water: no way on
            river.end = RiverEnd::Fades;
            break;
        }
        heading = {{section.centre.x + section.flowX * lattice.cellSize(), section.centre.y + section.flowY * lattice.cellSize()},
                   section.flowX, section.flowY};
    }
    return river;
}

// The section one step on; where that step does not carry the river on (dry ground, a pocket of
// still water beside the channel, an older point of the same line), the retries from the last
// point. Without any that does, the first step, whose end says why the line stops.
std::optional<RiverTracer::Step> RiverTracer::nextStep(const River& river, const Heading& heading) const
{
    const std::optional<Step> ahead = measure(river, heading.at, heading.dirX, heading.dirY);
    const auto carriesOn = [&](const std::optional<Step>& step) {
        if (!step) return false;
        const std::optional<RiverEnd> end = endAt(river, *step);
        return !end || (*end != RiverEnd::Fades && *end != RiverEnd::Eddy);
    };
    if (river.points.empty() || carriesOn(ahead)) return ahead;
    const RiverPoint& last = river.points.back();
    const double cell = state_.lattice.cellSize();
    for (const Retry retry : kRetries) {
        const double angle = retry.degrees * std::numbers::pi / 180.0;
        const double dirX = heading.dirX * std::cos(angle) - heading.dirY * std::sin(angle);
        const double dirY = heading.dirX * std::sin(angle) + heading.dirY * std::cos(angle);
        const WorldPoint at{last.x + dirX * retry.length * cell, last.y + dirY * retry.length * cell};
        if (!state_.lattice.nearestCell(at)) continue;
        // Measured across the flow as it was: the turn only finds the water.
        const std::optional<Step> step = measure(river, at, heading.dirX, heading.dirY);
        const bool onwards = step && ((step->section.centre.x - last.x) * heading.dirX + (step->section.centre.y - last.y) * heading.dirY) > 0.0;
        if (onwards && carriesOn(step)) return step;
    }
    return ahead;
}

std::optional<RiverTracer::Step> RiverTracer::measure(const River& river, WorldPoint at, double dirX, double dirY) const
{
    // The first point may move anywhere across its section (a source at the edge of a wide
    // inflow); later ones a cell at a time.
    const double maxShift = river.points.empty() ? std::numeric_limits<double>::infinity() : kMaxShiftCells * state_.lattice.cellSize();
    CrossSection section = measureCrossSection(state_, at, dirX, dirY, maxShift, whose_);
    if (!section.wet) return std::nullopt;
    const std::optional<CellCoord> centre = state_.lattice.nearestCell(section.centre);
    if (!centre) return std::nullopt;
    return Step{std::move(section), *centre};
}

std::optional<RiverEnd> RiverTracer::endAt(const River& river, const Step& step) const
{
    const std::size_t c = state_.lattice.index(step.centre.x, step.centre.y);
    if (sea_[c]) return RiverEnd::Sea;
    if (cellLake_[c] >= 0) return RiverEnd::Lake;
    if (!(step.section.discharge >= threshold_)) return RiverEnd::Fades;
    if (ownerRiver_[c] >= 0 && ownerRiver_[c] != river.id) return RiverEnd::Confluence;
    if (loopsBack(river, step.section.centre)) return RiverEnd::Eddy;
    return std::nullopt;
}

bool RiverTracer::loopsBack(const River& river, WorldPoint centre) const
{
    const double reach = state_.lattice.cellSize();
    const int older = static_cast<int>(river.points.size()) - kRecentPoints;
    for (int i = 0; i < older; ++i) {
        const RiverPoint& p = river.points[static_cast<std::size_t>(i)];
        if (std::hypot(p.x - centre.x, p.y - centre.y) < reach) return true;
    }
    return false;
}

// The section's flowing water and its river cells belong to the line: a line that reaches any of
// them later has joined this one, and none of them can start a line of its own. The core counts
// whatever each of its cells carries (a widening whose cells each carry less than the threshold is
// still this river); films and still margins beside it are left to lines of their own.
void RiverTracer::claim(const CrossSection& section, int river, int point)
{
    for (const CellCoord c : section.core) claimCell(c, river, point);
    for (const CellCoord c : section.cells)
        if (isRiverCell(c)) claimCell(c, river, point);
}

void RiverTracer::claimCell(CellCoord c, int river, int point)
{
    const std::size_t i = state_.lattice.index(c.x, c.y);
    if (ownerRiver_[i] >= 0 || sea_[i] || whose_.shareAt(i) < kClaimShare) return;
    ownerRiver_[i] = river;
    ownerPoint_[i] = point;
    claimedByLast_.push_back(i);
}

void RiverTracer::release(int river)
{
    for (const std::size_t i : claimedByLast_)
        if (ownerRiver_[i] == river) {
            ownerRiver_[i] = -1;
            ownerPoint_[i] = -1;
        }
}

} // namespace rb::analysis
