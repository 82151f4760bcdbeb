#include "analysis/CrossSection.h"

#include "io/flow/VelocityField.h"
#include "lattice/Neighbours.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <set>
#include <utility>

namespace rb::analysis {
namespace {

// Samples a quarter of a cell apart: every cell the line crosses by more than a sliver is seen.
constexpr double kSamplesPerCell = 4.0;
// A section wider than this many cells each way is cut there (the open sea, a flooded plain).
constexpr int kMaxHalfWidthCells = 512;

struct Frame {
    WorldPoint origin;
    double dx = 0.0, dy = 0.0; // downstream, unit
    double nx = 0.0, ny = 0.0; // across (to the left of downstream), unit

    double along(WorldPoint p) const { return (p.x - origin.x) * dx + (p.y - origin.y) * dy; }
    double across(WorldPoint p) const { return (p.x - origin.x) * nx + (p.y - origin.y) * ny; }
    WorldPoint at(double t) const { return {origin.x + t * nx, origin.y + t * ny}; }
};

bool isWet(const MapState& state, CellCoord c)
{
    return state.depth(c.x, c.y) > io::kWetDepth;
}

// Walks from the origin along ±n until the first dry sample or the border; returns that position.
double wetEnd(const MapState& state, const Frame& frame, double sign, std::vector<std::pair<double, CellCoord>>& samples)
{
    const double step = state.lattice.cellSize() / kSamplesPerCell;
    const int maxSteps = static_cast<int>(kMaxHalfWidthCells * kSamplesPerCell);
    for (int i = 1; i <= maxSteps; ++i) {
        const double t = sign * step * i;
        const std::optional<CellCoord> cell = state.lattice.nearestCell(frame.at(t));
        if (!cell || !isWet(state, *cell)) return t;
        samples.emplace_back(t, *cell);
    }
    return sign * step * (maxSteps + 1);
}

bool insidePadding(const Lattice& lattice, CellCoord c)
{
    return c.x >= -1 && c.y >= -1 && c.x <= lattice.width() && c.y <= lattice.height();
}

// The cell whose water a face carries: upwind of the flow, or the one inside the map at a boundary.
std::size_t upwindCell(const Lattice& lattice, CellCoord tail, CellCoord head, double q)
{
    const bool fromTail = lattice.contains(tail.x, tail.y) && (q > 0.0 || !lattice.contains(head.x, head.y));
    const CellCoord c = fromTail ? tail : head;
    return lattice.index(c.x, c.y);
}

// What the faces carry of each origin's water: the flow times its upwind cell's share.
void addByOrigin(const WaterOrigins& origins, std::size_t upwind, double q, OriginDischarge& byOrigin)
{
    for (int k = 0; k < kOriginCount; ++k) byOrigin[static_cast<std::size_t>(k)] += q * origins.share(k, upwind);
}

// The signed face flows between cells on either side of the line, crossing it within (lo, hi);
// with origins, also by origin.
double flowAcross(const MapState& state, const Frame& frame, const std::vector<CellCoord>& cells, double lo, double hi,
                  const WaterOrigins* origins, OriginDischarge& byOrigin)
{
    const Lattice& lattice = state.lattice;
    std::set<std::pair<int, std::size_t>> seen; // (family, padded index of the edge's head)
    double discharge = 0.0;
    const auto visit = [&](int f, CellCoord tail, CellCoord head) {
        // Boundary edges count (an inflow edge under the line), edges between two ghosts do not.
        if (!lattice.contains(tail.x, tail.y) && !lattice.contains(head.x, head.y)) return;
        if (!insidePadding(lattice, tail) || !insidePadding(lattice, head)) return;
        if (!seen.insert({f, lattice.paddedIndex(head.x, head.y)}).second) return;
        const WorldPoint a = lattice.worldPosition(tail.x, tail.y), b = lattice.worldPosition(head.x, head.y);
        const double sa = frame.along(a), sb = frame.along(b);
        if ((sa < 0.0) == (sb < 0.0)) return;
        const double lambda = sa / (sa - sb);
        const double t = frame.across({a.x + lambda * (b.x - a.x), a.y + lambda * (b.y - a.y)});
        if (!(t > lo && t < hi)) return;
        const double q = state.flows[static_cast<std::size_t>(f)][lattice.paddedIndex(head.x, head.y)];
        discharge += sa < 0.0 ? q : -q;
        if (origins) addByOrigin(*origins, upwindCell(lattice, tail, head, q), sa < 0.0 ? q : -q, byOrigin);
    };
    for (const CellCoord c : cells)
        for (int f = 0; f < lattice.familyCount(); ++f) {
            const EdgeFamily& family = lattice.family(f);
            const CellOffset tail = family.tailOffset(c.y), head = family.headOffset(c.y);
            visit(f, {c.x + tail.dx, c.y + tail.dy}, c);
            visit(f, c, {c.x + head.dx, c.y + head.dy});
        }
    return discharge;
}

// The cells the line passes through and their neighbours: every edge that can cross it.
std::vector<CellCoord> cellsNearLine(const Lattice& lattice, const std::vector<CellCoord>& lineCells)
{
    std::set<std::size_t> indices;
    std::vector<CellCoord> result;
    const auto add = [&](CellCoord c) {
        if (lattice.contains(c.x, c.y) && indices.insert(lattice.index(c.x, c.y)).second) result.push_back(c);
    };
    for (const CellCoord c : lineCells) {
        add(c);
        forEachNeighbour(lattice, c, add);
    }
    return result;
}

// The cells of the samples between the outermost ones that carry kCoreShare of the largest unit
// discharge (CrossSection::core).
std::vector<CellCoord> coreCells(const Lattice& lattice, const std::vector<std::pair<double, CellCoord>>& samples,
                                 const std::vector<double>& unitDischarge)
{
    const double peak = *std::max_element(unitDischarge.begin(), unitDischarge.end());
    double lo = std::numeric_limits<double>::infinity(), hi = -lo;
    for (std::size_t i = 0; i < samples.size(); ++i)
        if (unitDischarge[i] >= kCoreShare * peak) {
            lo = std::min(lo, samples[i].first);
            hi = std::max(hi, samples[i].first);
        }
    std::set<std::size_t> seen;
    std::vector<CellCoord> core;
    for (const auto& [t, c] : samples)
        if (t >= lo && t <= hi && seen.insert(lattice.index(c.x, c.y)).second) core.push_back(c);
    return core;
}

} // namespace

CrossSection measureCrossSection(const MapState& state, WorldPoint point, double directionX, double directionY, double maxShift,
                                 const SectionOrigins& whose)
{
    CrossSection section;
    const double length = std::hypot(directionX, directionY);
    const std::optional<CellCoord> start = state.lattice.nearestCell(point);
    if (!(length > 0.0) || !start || !isWet(state, *start)) return section;
    Frame frame{point, directionX / length, directionY / length, 0.0, 0.0};
    frame.nx = -frame.dy;
    frame.ny = frame.dx;

    std::vector<std::pair<double, CellCoord>> samples{{0.0, *start}};
    const double lo = wetEnd(state, frame, -1.0, samples);
    const double hi = wetEnd(state, frame, 1.0, samples);

    double depthSum = 0.0, surfaceSum = 0.0, weightSum = 0.0, weightedT = 0.0, qx = 0.0, qy = 0.0;
    std::set<std::size_t> cellSet;
    std::vector<double> unitDischarge;
    for (const auto& [t, c] : samples) {
        const double h = state.depth(c.x, c.y);
        depthSum += h;
        surfaceSum += h + state.bed(c.x, c.y);
        const io::CellVelocity v = io::cellVelocity(state, c.x, c.y);
        const double share = whose.shareAt(state.lattice.index(c.x, c.y)); // of the water counted
        const double q = share * std::max(0.0, h * (v.x * frame.dx + v.y * frame.dy)); // downstream unit discharge
        unitDischarge.push_back(q);
        weightSum += q;
        weightedT += q * t;
        qx += share * h * v.x;
        qy += share * h * v.y;
        if (cellSet.insert(state.lattice.index(c.x, c.y)).second) section.cells.push_back(c);
    }
    section.core = coreCells(state.lattice, samples, unitDischarge);
    const auto count = static_cast<double>(samples.size());
    section.wet = true;
    section.width = (hi - lo) - state.lattice.cellSize() / kSamplesPerCell; // edges halfway to the dry samples
    section.depth = depthSum / count;
    section.surface = surfaceSum / count;
    section.centre = frame.at(std::clamp(weightSum > 0.0 ? weightedT / weightSum : 0.0, -maxShift, maxShift));
    if (const double q = std::hypot(qx, qy); q > 0.0) {
        section.flowX = qx / q;
        section.flowY = qy / q;
    }
    const WaterOrigins* origins = whose.active() ? whose.origins : nullptr;
    section.discharge = flowAcross(state, frame, cellsNearLine(state.lattice, section.cells), lo, hi, origins, section.byOrigin);
    if (origins) section.discharge = dischargeOf(section.byOrigin, whose.mask);
    return section;
}

} // namespace rb::analysis
