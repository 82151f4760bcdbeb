// The erosion's load over a bed interval (issue 14; docs/erosion.md, "The bed's interval"): the
// implicit donor-cell transport must carry a blob at the water's speed whatever the Courant
// number, conserve the load face by face (books closed with springs, drains and open edges to
// 1e-6), never take a load below 0 however few its sweeps, and reach what the inflow brings.
#include "TestMaps.h"
#include "erosion/IntervalLoadTransport.h"
#include "grid/BoundaryEdges.h"
#include "grid/SourceCells.h"
#include "solver/CpuSolver.h"

#include <gtest/gtest.h>

#include <cmath>
#include <iomanip>
#include <iostream>

namespace rb {
namespace {

Lattice intervalLatticeOf(LatticeKind kind, int width, int height)
{
    return test::latticeOfExtent(kind, width, height);
}

double total(const Lattice& lattice, const std::vector<float>& load)
{
    return test::volumeOf(lattice, load);
}

// Water 1 m deep flowing at (ux, uy) inside walls: every face carries h·w·(u·d); the faces on
// the map's edges carry nothing.
struct UniformFlow {
    Lattice lattice;
    std::vector<float> depth;
    std::vector<std::vector<float>> flows;

    UniformFlow(const Lattice& l, double ux, double uy = 0.0) : lattice(l), depth(l.cellCount(), 1.0f)
    {
        for (int f = 0; f < lattice.familyCount(); ++f) {
            const EdgeFamily& family = lattice.family(f);
            std::vector<float> q(lattice.paddedCount(), 0.0f);
            for (int y = 0; y < lattice.height(); ++y)
                for (int x = 0; x < lattice.width(); ++x) {
                    const CellOffset t = family.tailOffset(y);
                    if (!lattice.contains(x + t.dx, y + t.dy)) continue;
                    q[lattice.paddedIndex(x, y)] = static_cast<float>(family.faceWidth * (ux * family.directionX + uy * family.directionY));
                }
            flows.push_back(std::move(q));
        }
    }
    IntervalLoadTransport::Flows pointers() const
    {
        IntervalLoadTransport::Flows p{};
        for (std::size_t f = 0; f < flows.size(); ++f) p[f] = flows[f].data();
        return p;
    }
};

struct Centroid {
    double x = 0.0, y = 0.0, spread = 0.0; // spread: the rms distance along x
};

Centroid centroidOf(const Lattice& lattice, const std::vector<float>& load)
{
    double sum = 0.0, sx = 0.0, sy = 0.0, sxx = 0.0;
    for (int y = 0; y < lattice.height(); ++y)
        for (int x = 0; x < lattice.width(); ++x) {
            const double s = load[lattice.index(x, y)];
            const WorldPoint p = lattice.worldPosition(x, y);
            sum += s;
            sx += s * p.x;
            sy += s * p.y;
            sxx += s * p.x * p.x;
        }
    Centroid c{sx / sum, sy / sum, 0.0};
    c.spread = std::sqrt(std::max(0.0, sxx / sum - c.x * c.x));
    return c;
}

// A Gaussian of load (σ = 3 m, 1 cm high) around `centre`; a band across the map with `band`.
std::vector<float> blobOfLoad(const Lattice& lattice, WorldPoint centre, bool band)
{
    std::vector<float> load(lattice.cellCount(), 0.0f);
    for (int y = 0; y < lattice.height(); ++y)
        for (int x = 0; x < lattice.width(); ++x) {
            const WorldPoint p = lattice.worldPosition(x, y);
            const double r2 = (p.x - centre.x) * (p.x - centre.x) + (band ? 0.0 : (p.y - centre.y) * (p.y - centre.y));
            load[lattice.index(x, y)] = static_cast<float>(0.01 * std::exp(-r2 / 18.0));
        }
    return load;
}

// A load carried `intervals` times over `seconds` by uniform water: where it was and went.
struct Carried {
    Centroid first, last;
    double before = 0.0, after = 0.0;
    double sweeps = 0.0; // an interval
    DyeLedger ledger;
};

Carried carry(const UniformFlow& water, double seconds, int intervals, std::vector<float> load)
{
    IntervalLoadTransport transport(water.lattice, {}, {});
    Carried c;
    c.before = total(water.lattice, load);
    c.first = centroidOf(water.lattice, load);
    int sweeps = 0;
    for (int i = 0; i < intervals; ++i) sweeps += transport.carry(water.depth.data(), water.pointers(), seconds, load, c.ledger);
    c.last = centroidOf(water.lattice, load);
    c.after = total(water.lattice, load);
    c.sweeps = static_cast<double>(sweeps) / intervals;
    return c;
}

class IntervalLoadOnLattice : public ::testing::TestWithParam<LatticeKind> {};

// Five cells an interval (a Courant number no explicit step survives), and the blob still travels
// at the water's speed: backward Euler's upwind kernel shifts its mean by exactly C cells.
TEST_P(IntervalLoadOnLattice, ABlobTravelsAtTheWatersSpeedAtCourantFive)
{
    const Lattice lattice = intervalLatticeOf(GetParam(), 200, 24);
    const double speed = 1.0, seconds = 5.0;
    const int intervals = 20; // 100 m
    const Carried c = carry(UniformFlow(lattice, speed), seconds, intervals, blobOfLoad(lattice, lattice.worldPosition(30, lattice.height() / 2), true));
    const double travelled = c.last.x - c.first.x, expected = speed * seconds * intervals;
    std::cout << std::setprecision(6) << latticeKindName(GetParam()) << ": travelled " << travelled << " m of " << expected << " m, spread "
              << c.first.spread << " → " << c.last.spread << " m, " << c.sweeps << " sweeps an interval\n";
    EXPECT_NEAR(travelled, expected, 0.02 * expected);
    EXPECT_NEAR(c.last.y, c.first.y, 0.01 * expected) << "no drift across the flow";
    EXPECT_NEAR(c.after, c.before, 1e-6 * c.before);
    EXPECT_EQ(c.ledger.clipped, 0.0);
}

// The same across the rows, where the red-black sweeps carry the load from row to row.
TEST_P(IntervalLoadOnLattice, ABlobTravelsAcrossTheRowsAtTheWatersSpeed)
{
    const Lattice lattice = intervalLatticeOf(GetParam(), 110, 110);
    const double ux = 0.6, uy = 0.8, seconds = 5.0;
    const int intervals = 12; // 60 m
    const Carried c = carry(UniformFlow(lattice, ux, uy), seconds, intervals, blobOfLoad(lattice, {25.0, 20.0}, false));
    const double dx = c.last.x - c.first.x, dy = c.last.y - c.first.y, expected = seconds * intervals;
    std::cout << std::setprecision(6) << latticeKindName(GetParam()) << ": moved (" << dx << ", " << dy << ") m of (" << ux * expected << ", "
              << uy * expected << "), " << c.sweeps << " sweeps an interval\n";
    EXPECT_NEAR(dx, ux * expected, 0.03 * expected);
    EXPECT_NEAR(dy, uy * expected, 0.03 * expected);
    EXPECT_NEAR(c.after, c.before, 1e-6 * c.before);
}

// Still water: the load stays exactly where it is, in one sweep.
TEST_P(IntervalLoadOnLattice, StillWaterKeepsItsLoadExactly)
{
    const Lattice lattice = intervalLatticeOf(GetParam(), 40, 40);
    const UniformFlow still(lattice, 0.0);
    IntervalLoadTransport transport(lattice, {}, {});
    std::vector<float> load = test::randomDepth(lattice, 5, 0.05f).values();
    const std::vector<float> start = load;
    DyeLedger ledger;
    transport.carry(still.depth.data(), still.pointers(), 100.0, load, ledger);
    EXPECT_TRUE(load == start);
}

// The real solver's water (a dam break over a rough bed with a spring bringing sediment, a drain
// and the sea on the east side), carried over intervals of 50 steps: the books close and no load
// is ever below 0, with the sweeps cut short or run to the end.
TEST_P(IntervalLoadOnLattice, BooksCloseWithSpringsDrainsAndTheSeaAndNoLoadGoesNegative)
{
    const Lattice lattice = intervalLatticeOf(GetParam(), 48, 24);
    Map map = test::basinMap(lattice, test::roughTerrain(lattice, 11, 0.4f));
    for (int y = 0; y < lattice.height(); ++y)
        for (int x = 0; x < lattice.width() / 3; ++x) map.state.depth(x, y) = std::max(0.0f, 1.2f - map.state.bed(x, y));
    map.params.dt = 0.02;
    map.params.friction = 0.02;
    map.boundary = {wholeSide(lattice, Side::East, BoundaryType::Sea, 0.2)};
    const WorldPoint spring = lattice.worldPosition(20, lattice.height() / 2), drain = lattice.worldPosition(30, 3);
    map.sources = {{PointSource::Kind::Spring, spring.x, spring.y, 0.05, false}, {PointSource::Kind::Drain, drain.x, drain.y, 0.02, false}};
    CpuSolver solver(1);
    solver.load(map);

    std::vector<DyeBoundaryEdge> edges;
    for (const BoundaryEdge& e : expandBoundary(lattice, map.boundary)) edges.push_back({e.family, e.flowIndex, e.cell, e.inward, {}});
    std::vector<DyeSource> sources;
    for (const SourceCell& s : resolveSources(lattice, map.sources))
        sources.push_back({s.cell, s.kind, s.rate, s.drainAll, s.kind == PointSource::Kind::Spring ? 0 : -1, 0.1f});
    IntervalLoadTransport transport(lattice, edges, sources);
    std::vector<float> load = test::randomDepth(lattice, 3, 0.02f).values();
    DyeLedger ledger;
    const double start = total(lattice, load);
    const int interval = 50;
    int sweeps = 0, capped = 0;
    for (int i = 0; i < 40; ++i) {
        ASSERT_TRUE(solver.step(interval).ok());
        const MapState water = solver.readState();
        IntervalLoadTransport::Flows flows{};
        for (std::size_t f = 0; f < water.flows.size(); ++f) flows[f] = water.flows[f].values().data();
        const int taken = transport.carry(water.depth.values().data(), flows, interval * map.params.dt, load, ledger);
        sweeps += taken;
        capped += taken == IntervalLoadTransport::kMaxSweeps ? 1 : 0;
        for (float s : load) ASSERT_GE(s, 0.0f);
    }
    const double expected = start + ledger.inflow() - ledger.outflow() + ledger.clipped;
    const double now = total(lattice, load);
    std::cout << std::setprecision(7) << latticeKindName(GetParam()) << ": " << start << " → " << now << " m³; springs " << ledger.springs << ", drained "
              << ledger.drains << ", to the sea " << ledger.boundaryOut << ", clipped " << ledger.clipped << "; imbalance " << (now - expected) / start << "; "
              << sweeps / 40.0 << " sweeps an interval, " << capped << " intervals at the cap\n";
    EXPECT_GT(ledger.springs, 0.0);
    EXPECT_GT(ledger.drains, 0.0);
    EXPECT_GT(ledger.boundaryOut, 0.0);
    EXPECT_LE(std::abs(now - expected), 1e-6 * start);
    EXPECT_LE(std::abs(ledger.clipped), 1e-6 * start) << "the clamp only mops up rounding";
}

INSTANTIATE_TEST_SUITE_P(BothLattices, IntervalLoadOnLattice, ::testing::Values(LatticeKind::Square, LatticeKind::Triangle),
                         [](const auto& info) { return std::string(latticeKindName(info.param)); });

} // namespace
} // namespace rb
