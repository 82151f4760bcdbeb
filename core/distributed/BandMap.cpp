#include "distributed/BandMap.h"

#include <cmath>
#include <limits>
#include <map>
#include <stdexcept>
#include <utility>

namespace rb {
namespace {

// Rows [s, e) of a W×H field; padded: rows [s − 1, e + 1) of a (W+2)×(H+2) one, the ghost rows
// zeroed where they are the band's own edge rather than the map's.
template <class T> std::vector<T> cutRows(const std::vector<T>& values, int rowLength, int s, int e)
{
    return {values.begin() + static_cast<std::ptrdiff_t>(s) * rowLength, values.begin() + static_cast<std::ptrdiff_t>(e) * rowLength};
}

template <class T> std::vector<T> cutPadded(const std::vector<T>& values, int width, int height, int s, int e)
{
    const int rowLength = width + 2;
    std::vector<T> cut = cutRows(values, rowLength, s, e + 2); // padded rows s .. e+1 are map rows s−1 .. e
    if (s > 0) std::fill(cut.begin(), cut.begin() + rowLength, T{});
    if (e < height) std::fill(cut.end() - rowLength, cut.end(), T{});
    return cut;
}

int edgesOf(const std::vector<BoundaryEdge>& edges, int segment)
{
    int count = 0;
    for (const BoundaryEdge& edge : edges) count += edge.segment == segment ? 1 : 0;
    return count;
}

// A discharge for `localEdges` edges whose float share equals the whole segment's share over
// `wholeEdges` (the nearest doubles to share × localEdges are tried).
double sameShare(double value, int wholeEdges, int localEdges)
{
    const auto target = static_cast<float>(value / wholeEdges);
    double candidate = value / wholeEdges * localEdges;
    for (int tries = 0; tries < 64; ++tries) {
        const auto share = static_cast<float>(candidate / localEdges);
        if (share == target) return candidate;
        candidate = std::nextafter(candidate, share < target ? std::numeric_limits<double>::infinity() : -std::numeric_limits<double>::infinity());
    }
    throw std::runtime_error("an inflow segment cut at a band's edge cannot keep its edges' share");
}

} // namespace

BandMap::BandMap(const Map& whole, const Band& band) : band_(band)
{
    const Lattice& lattice = whole.state.lattice;
    map_.state = MapState(Lattice(lattice.kind(), lattice.width(), band.height(), lattice.cellSize()));
    map_.params = whole.params;
    cutFields(whole.state);
    cutHeader(lattice, whole.boundary, whole.sources);
}

BandMap::BandMap(Map rows, const Lattice& whole, const Band& band) : band_(band)
{
    if (rows.state.lattice.height() != band.height() || rows.state.lattice.width() != whole.width())
        throw std::logic_error("a band's rows do not have the band's size");
    map_.state = std::move(rows.state);
    map_.params = rows.params;
    cutHeader(whole, rows.boundary, rows.sources);
}

// The boundary and sources that reach the band, and which of them it owns.
void BandMap::cutHeader(const Lattice& whole, const std::vector<BoundarySegment>& boundary, const std::vector<PointSource>& sources)
{
    const std::vector<BoundaryEdge> wholeEdges = expandBoundary(whole, boundary);
    addDyeChannels(boundary, sources);
    cutBoundary(whole, boundary, wholeEdges);
    cutSources(whole, sources);
    findOwnedEdges(whole, wholeEdges);
    if (const std::string problem = map_.validate(); !problem.empty()) throw std::logic_error("a band's map is not valid: " + problem);
}

// Every dye channel the whole map's solver carries (its own, and those its inflows and springs
// name), though the band's boundary and sources may name fewer: every band then holds the same
// channels, which the halo exchange, the ledgers and the output need.
void BandMap::addDyeChannels(const std::vector<BoundarySegment>& boundary, const std::vector<PointSource>& sources)
{
    MapState& state = map_.state;
    const auto channels = static_cast<std::size_t>(std::max(static_cast<int>(state.dye.size()), dyeChannelsReferenced(boundary, sources)));
    while (state.dye.size() < channels) state.dye.emplace_back(state.lattice.width(), state.lattice.height()); // clean water, as the solver adds it
    state.dyeLedgers.resize(channels);
}

void BandMap::cutFields(const MapState& whole)
{
    const int width = whole.lattice.width(), height = whole.lattice.height();
    MapState& state = map_.state;
    state.bed.values() = cutRows(whole.bed.values(), width, band_.s, band_.e);
    state.depth.values() = cutRows(whole.depth.values(), width, band_.s, band_.e);
    for (std::size_t f = 0; f < whole.flows.size(); ++f) state.flows[f].values() = cutPadded(whole.flows[f].values(), width, height, band_.s, band_.e);
    for (const FloatField& u : whole.velocities) {
        state.velocities.emplace_back(width + 2, band_.height() + 2);
        state.velocities.back().values() = cutPadded(u.values(), width, height, band_.s, band_.e);
    }
    if (!whole.meanFlow.empty()) { // a mean the run may continue: each cell's sums are its own
        MeanFlow& mean = state.meanFlow;
        mean = MeanFlow(state.lattice);
        mean.from = whole.meanFlow.from;
        mean.to = whole.meanFlow.to;
        mean.seconds = whole.meanFlow.seconds;
        mean.depthSums.values() = cutRows(whole.meanFlow.depthSums.values(), width, band_.s, band_.e);
        for (std::size_t f = 0; f < mean.flowSums.size(); ++f)
            mean.flowSums[f].values() = cutPadded(whole.meanFlow.flowSums[f].values(), width, height, band_.s, band_.e);
    }
    // What the step reads but does not change here (the erodibility a generated map holds; dye,
    // currents and the other erosion fields of maps the run refuses), cut so the output keeps it.
    const auto cutCells = [&](const std::vector<FloatField>& from, std::vector<FloatField>& into, bool padded) {
        into.clear();
        for (const FloatField& f : from) {
            into.emplace_back(padded ? width + 2 : width, band_.height() + (padded ? 2 : 0));
            into.back().values() = padded ? cutPadded(f.values(), width, height, band_.s, band_.e) : cutRows(f.values(), width, band_.s, band_.e);
        }
    };
    cutCells(whole.dye, state.dye, false);
    cutCells(whole.currents, state.currents, false);
    cutCells(whole.currentFlows, state.currentFlows, true);
    const FloatField* erosion[] = {&whole.erodibility, &whole.sediment, &whole.deposition, &whole.bedRemainder};
    FloatField* cut[] = {&state.erodibility, &state.sediment, &state.deposition, &state.bedRemainder};
    for (std::size_t i = 0; i < 4; ++i)
        if (!erosion[i]->empty()) {
            *cut[i] = FloatField(width, band_.height());
            cut[i]->values() = cutRows(erosion[i]->values(), width, band_.s, band_.e);
        }
    state.dyeLedgers = whole.dyeLedgers;
    state.sedimentLedger = whole.sedimentLedger;
    state.time = whole.time;
    state.steps = whole.steps;
    state.ledger = whole.ledger; // the band's own books are not used: rank 0 keeps the map's
}

void BandMap::cutBoundary(const Lattice& whole, const std::vector<BoundarySegment>& boundary, const std::vector<BoundaryEdge>& wholeEdges)
{
    const int height = whole.height();
    for (std::size_t i = 0; i < boundary.size(); ++i) {
        BoundarySegment segment = boundary[i];
        if (segment.side == Side::North && band_.s > 0) continue;
        if (segment.side == Side::South && band_.e < height) continue;
        if (segment.side == Side::East || segment.side == Side::West) {
            segment.start = std::max(segment.start, band_.s) - band_.s;
            segment.end = std::min(segment.end, band_.e - 1) - band_.s;
            if (segment.start > segment.end) continue;
        }
        map_.boundary.push_back(segment);
        segmentOrigin_.push_back(static_cast<int>(i));
    }
    const std::vector<BoundaryEdge> localEdges = expandBoundary(map_.state.lattice, map_.boundary);
    for (std::size_t j = 0; j < map_.boundary.size(); ++j) {
        BoundarySegment& segment = map_.boundary[j];
        if (segment.type != BoundaryType::Inflow) continue;
        const int localCount = edgesOf(localEdges, static_cast<int>(j));
        if (localCount > 0) segment.value = sameShare(segment.value, edgesOf(wholeEdges, segmentOrigin_[j]), localCount);
    }
}

void BandMap::cutSources(const Lattice& lattice, const std::vector<PointSource>& sources)
{
    const Lattice& local = map_.state.lattice;
    const std::vector<SourceCell> cells = resolveSources(lattice, sources);
    for (std::size_t i = 0; i < cells.size(); ++i) {
        const int x = static_cast<int>(cells[i].cell % static_cast<std::uint32_t>(lattice.width()));
        const int y = static_cast<int>(cells[i].cell / static_cast<std::uint32_t>(lattice.width()));
        if (y < band_.s || y >= band_.e) continue;
        PointSource source = sources[i];
        const WorldPoint centre = local.worldPosition(x, y - band_.s);
        source.x = centre.x;
        source.y = centre.y;
        const std::optional<CellCoord> found = local.nearestCell(centre);
        if (!found || found->x != x || found->y != y - band_.s) throw std::logic_error("a point source moved to another cell in its band");
        if (y >= band_.y0 && y < band_.y1) {
            ownedSources_.push_back(static_cast<int>(map_.sources.size()));
            ownedSourcesWhole_.push_back(static_cast<int>(i));
        }
        map_.sources.push_back(source);
    }
}

void BandMap::findOwnedEdges(const Lattice& wholeLattice, const std::vector<BoundaryEdge>& wholeEdges)
{
    std::map<std::pair<int, std::uint32_t>, int> wholeIndex; // (family, flow index) names an edge
    for (std::size_t i = 0; i < wholeEdges.size(); ++i) wholeIndex[{wholeEdges[i].family, wholeEdges[i].flowIndex}] = static_cast<int>(i);
    const Lattice& local = map_.state.lattice;
    const std::vector<BoundaryEdge> localEdges = expandBoundary(local, map_.boundary);
    const auto paddedWidth = static_cast<std::uint32_t>(local.paddedWidth());
    for (std::size_t k = 0; k < localEdges.size(); ++k) {
        const BoundaryEdge& e = localEdges[k];
        const int y = static_cast<int>(e.cell / static_cast<std::uint32_t>(local.width())) + band_.s;
        if (y < band_.y0 || y >= band_.y1) continue;
        const int hx = static_cast<int>(e.flowIndex % paddedWidth) - 1, hy = static_cast<int>(e.flowIndex / paddedWidth) - 1 + band_.s;
        const auto found = wholeIndex.find({e.family, static_cast<std::uint32_t>(wholeLattice.paddedIndex(hx, hy))});
        if (found == wholeIndex.end()) throw std::logic_error("a band's boundary edge is not one of the map's");
        ownedEdges_.push_back(static_cast<int>(k));
        ownedEdgesWhole_.push_back(found->second);
    }
}

} // namespace rb
