// Issue 13: dye as tagged water. The transport is driven by the real solver's steps (both flow
// models, both lattices) or by a uniform flow written by hand; it must conserve the dye to 1e-5,
// keep 0 ≤ c ≤ 1, carry a blob at the water's speed, diffuse as 4·D·t and decay by its half-life.
#include "TestMaps.h"
#include "grid/BoundaryEdges.h"
#include "grid/SourceCells.h"
#include "solver/CpuSolver.h"
#include "transport/DyeDiffusion.h"
#include "transport/DyeTransport.h"

#include <gtest/gtest.h>

#include <cmath>
#include <iomanip>
#include <iostream>
#include <tuple>

namespace rb {
namespace {

Lattice latticeOf(LatticeKind kind, int width, int height)
{
    return test::latticeOfExtent(kind, width, height); // about the same world extent on both lattices
}

double totalDye(const Lattice& lattice, const std::vector<float>& dyed)
{
    return test::volumeOf(lattice, dyed);
}

// The dye's boundary edges from the water's: inflow segments dye their water with `inflowDye`.
std::vector<DyeBoundaryEdge> dyeEdges(const std::vector<BoundaryEdge>& edges, std::array<float, 4> inflowDye)
{
    std::vector<DyeBoundaryEdge> out;
    for (const BoundaryEdge& e : edges) {
        DyeBoundaryEdge d{e.family, e.flowIndex, e.cell, e.inward, {}};
        if (e.type == BoundaryType::Inflow) d.concentration = inflowDye;
        out.push_back(d);
    }
    return out;
}

std::vector<DyeSource> dyeSources(const Lattice& lattice, const std::vector<PointSource>& sources, int springChannel)
{
    std::vector<DyeSource> out;
    for (const SourceCell& s : resolveSources(lattice, sources))
        out.push_back({s.cell, s.kind, s.rate, s.drainAll, s.kind == PointSource::Kind::Spring ? springChannel : -1});
    return out;
}

// A solver and the dye riding on it, stepped together.
struct DyedRun {
    Map map;
    CpuSolver solver;
    std::vector<std::vector<float>> dyed;
    std::vector<DyeLedger> ledgers;
    std::unique_ptr<DyeTransport> transport;
    DyeStepConstants constants;
    double worstExcess = 0.0; // largest d − h and −d seen after any step (0 when bounded)

    DyedRun(Map m, int channels, std::array<float, 4> inflowDye, int springChannel, double halfLife = 0.0) : map(std::move(m)), solver(1)
    {
        solver.load(map);
        const Lattice& lattice = map.state.lattice;
        dyed.assign(static_cast<std::size_t>(channels), std::vector<float>(lattice.cellCount(), 0.0f));
        ledgers.resize(static_cast<std::size_t>(channels));
        transport = std::make_unique<DyeTransport>(lattice, dyeEdges(expandBoundary(lattice, map.boundary), inflowDye),
                                                   dyeSources(lattice, map.sources, springChannel));
        constants = DyeStepConstants::from(map.params, lattice, halfLife);
    }

    void step(int count)
    {
        for (int i = 0; i < count; ++i) {
            const std::vector<float> before = solver.readState().depth.values();
            const StepResult result = solver.step(1);
            ASSERT_TRUE(result.ok()) << result.error;
            const MapState after = solver.readState();
            WaterStepRecord record{before.data(), after.depth.values().data(), {}};
            for (std::size_t f = 0; f < after.flows.size(); ++f) record.flows[f] = after.flows[f].values().data();
            transport->step(record, constants, dyed, ledgers);
            for (const std::vector<float>& d : dyed)
                for (std::size_t c = 0; c < d.size(); ++c)
                    worstExcess = std::max({worstExcess, static_cast<double>(d[c] - after.depth.values()[c]), static_cast<double>(-d[c])});
        }
    }
};

using Case = std::tuple<LatticeKind, FlowModel>;

std::string caseName(const ::testing::TestParamInfo<Case>& info)
{
    return std::string(latticeKindName(std::get<0>(info.param))) + "_" + std::string(flowModelName(std::get<1>(info.param)));
}

class DyeConservation : public ::testing::TestWithParam<Case> {};

// A dam break in a walled basin over a rough bed, with rain, evaporation, a spring of channel 1
// and a drain: 10 000 steps, the balance of each channel checked at the end and the bounds after
// every step.
TEST_P(DyeConservation, DamBreakWithRainEvaporationSpringAndDrainKeepsTheBooksAndTheBounds)
{
    const auto [kind, model] = GetParam();
    const Lattice lattice = latticeOf(kind, 48, 24);
    Map map = test::basinMap(lattice, test::roughTerrain(lattice, 7, 0.3f));
    for (int y = 0; y < lattice.height(); ++y)
        for (int x = 0; x < lattice.width() / 3; ++x) map.state.depth(x, y) = std::max(0.0f, 1.0f - map.state.bed(x, y));
    map.params.model = model;
    map.params.dt = 0.02;
    map.params.friction = 0.02;
    map.params.manning = model == FlowModel::Momentum ? 0.03 : 0.0;
    map.params.rain = 2e-5;
    map.params.evaporation = 5e-5;
    const WorldPoint spring = lattice.worldPosition(40, lattice.height() / 2);
    const WorldPoint drain = lattice.worldPosition(30, 3);
    map.sources = {{PointSource::Kind::Spring, spring.x, spring.y, 0.02, false}, {PointSource::Kind::Drain, drain.x, drain.y, 0.01, false}};

    DyedRun run(map, 2, {}, 1);
    // Channel 0: all of the dam's water; channel 1: a quarter of it, and the spring's water.
    for (std::size_t c = 0; c < lattice.cellCount(); ++c) {
        run.dyed[0][c] = map.state.depth.values()[c];
        run.dyed[1][c] = 0.25f * map.state.depth.values()[c];
    }
    const double initial[2] = {totalDye(lattice, run.dyed[0]), totalDye(lattice, run.dyed[1])};
    run.step(10000);

    EXPECT_EQ(run.worstExcess, 0.0) << "0 ≤ d ≤ h after every step";
    for (std::size_t c = 0; c < 2; ++c) {
        const DyeLedger& l = run.ledgers[c];
        const double expected = initial[c] + l.inflow() - l.outflow() + l.clipped + l.edited;
        const double now = totalDye(lattice, run.dyed[c]);
        const double scale = std::max(initial[c], l.inflow());
        std::cout << std::setprecision(7) << "channel " << c << ": " << initial[c] << " -> " << now << " m³; evaporated " << l.evaporation << ", drained "
                  << l.drains << ", springs " << l.springs << ", clipped " << l.clipped << "; imbalance "
                  << (now - expected) / scale << '\n';
        EXPECT_LE(std::abs(now - expected), 1e-5 * scale);
        EXPECT_LE(std::abs(l.clipped), 1e-5 * scale) << "the clamps only mop up rounding";
        EXPECT_GT(l.evaporation, 0.0);
        EXPECT_GT(l.drains, 0.0);
    }
    EXPECT_EQ(run.ledgers[0].springs, 0.0);
    EXPECT_GT(run.ledgers[1].springs, 0.0);
}

// Water entering through an inflow carries its dye in (all of it dyed: the dye in equals the
// water in) and the water leaving through an outflow takes the cells' dye out, booked.
TEST_P(DyeConservation, InflowBringsItsDyeAndOutflowTakesItOutBooked)
{
    const auto [kind, model] = GetParam();
    const Lattice lattice = latticeOf(kind, 40, 16);
    Map map = test::basinMap(lattice, FloatField(lattice.width(), lattice.height()));
    for (int y = 0; y < lattice.height(); ++y)
        for (int x = 0; x < lattice.width(); ++x) map.state.bed(x, y) = -0.01f * static_cast<float>(x);
    test::fillTo(map.state, 0.2f);
    map.params.model = model;
    map.params.dt = 0.02;
    map.params.manning = model == FlowModel::Momentum ? 0.03 : 0.0;
    map.boundary = {wholeSide(lattice, Side::West, BoundaryType::Inflow, 2.0), wholeSide(lattice, Side::East, BoundaryType::Outflow, 0.0)};

    DyedRun run(map, 1, {1.0f, 0.0f, 0.0f, 0.0f}, -1);
    run.step(3000);
    const VolumeLedger water = run.solver.readState().ledger;
    const DyeLedger& dye = run.ledgers[0];
    const double now = totalDye(lattice, run.dyed[0]);
    std::cout << std::setprecision(9) << "water in " << water.boundaryIn << ", dye in " << dye.boundaryIn << ", out " << dye.boundaryOut << ", on the map " << now
              << '\n';
    EXPECT_NEAR(dye.boundaryIn, water.boundaryIn, 1e-5 * water.boundaryIn);
    EXPECT_GT(dye.boundaryOut, 0.0);
    EXPECT_LE(dye.boundaryOut, water.boundaryOut * (1 + 1e-6));
    EXPECT_NEAR(now, dye.inflow() - dye.outflow() + dye.clipped, 1e-5 * dye.boundaryIn);
    EXPECT_EQ(run.worstExcess, 0.0);
}

INSTANTIATE_TEST_SUITE_P(Both, DyeConservation,
                         ::testing::Combine(::testing::Values(LatticeKind::Square, LatticeKind::Triangle),
                                            ::testing::Values(FlowModel::Pipes, FlowModel::Momentum)),
                         caseName);

// --- hand-written flows -----------------------------------------------------------------------

// Still or uniformly flowing water 1 m deep: every face carries h·w·(u·d).
struct UniformWater {
    Lattice lattice;
    std::vector<float> depth;
    std::vector<std::vector<float>> flows;

    UniformWater(const Lattice& l, double speedEast) : lattice(l), depth(l.cellCount(), 1.0f)
    {
        for (int f = 0; f < lattice.familyCount(); ++f) {
            const EdgeFamily& family = lattice.family(f);
            std::vector<float> q(lattice.paddedCount(), 0.0f);
            for (int y = 0; y < lattice.height(); ++y)
                for (int x = -1; x <= lattice.width(); ++x) {
                    const CellOffset t = family.tailOffset(y);
                    if (!lattice.contains(x, y) && !lattice.contains(x + t.dx, y + t.dy)) continue;
                    if (y + t.dy < 0 || y + t.dy >= lattice.height()) continue; // walls north and south
                    q[lattice.paddedIndex(x, y)] = static_cast<float>(family.faceWidth * speedEast * family.directionX);
                }
            flows.push_back(std::move(q));
        }
    }
    WaterStepRecord record() const
    {
        WaterStepRecord r{depth.data(), depth.data(), {}};
        for (std::size_t f = 0; f < flows.size(); ++f) r.flows[f] = flows[f].data();
        return r;
    }
};

std::vector<float> gaussianBlob(const Lattice& lattice, WorldPoint centre, double sigma)
{
    std::vector<float> dyed(lattice.cellCount());
    for (int y = 0; y < lattice.height(); ++y)
        for (int x = 0; x < lattice.width(); ++x) {
            const WorldPoint p = lattice.worldPosition(x, y);
            const double r2 = (p.x - centre.x) * (p.x - centre.x) + (p.y - centre.y) * (p.y - centre.y);
            dyed[lattice.index(x, y)] = static_cast<float>(std::exp(-r2 / (2 * sigma * sigma)));
        }
    return dyed;
}

struct Moments {
    double total = 0.0, x = 0.0, y = 0.0, r2 = 0.0; // r2: ⟨|r − centroid|²⟩
};

Moments momentsOf(const Lattice& lattice, const std::vector<float>& dyed)
{
    Moments m;
    double sx = 0.0, sy = 0.0, sxx = 0.0;
    for (int y = 0; y < lattice.height(); ++y)
        for (int x = 0; x < lattice.width(); ++x) {
            const double d = dyed[lattice.index(x, y)];
            const WorldPoint p = lattice.worldPosition(x, y);
            m.total += d;
            sx += d * p.x;
            sy += d * p.y;
            sxx += d * (p.x * p.x + p.y * p.y);
        }
    m.x = sx / m.total;
    m.y = sy / m.total;
    m.r2 = sxx / m.total - m.x * m.x - m.y * m.y;
    return m;
}

class DyeOnLattice : public ::testing::TestWithParam<LatticeKind> {};

TEST_P(DyeOnLattice, BlobMovesAtTheWatersSpeed)
{
    const Lattice lattice = latticeOf(GetParam(), 160, 48);
    const double speed = 1.0;
    const UniformWater water(lattice, speed);
    std::vector<DyeBoundaryEdge> none;
    DyeTransport transport(lattice, none, {});
    SimParams params;
    params.dt = 0.2;
    const DyeStepConstants constants = DyeStepConstants::from(params, lattice, 0.0);
    std::vector<std::vector<float>> dyed{gaussianBlob(lattice, lattice.worldPosition(30, lattice.height() / 2), 3.0)};
    std::vector<DyeLedger> ledgers(1);
    const Moments start = momentsOf(lattice, dyed[0]);
    const int steps = 200; // 40 m at 1 m/s
    for (int i = 0; i < steps; ++i) transport.step(water.record(), constants, dyed, ledgers);
    const Moments end = momentsOf(lattice, dyed[0]);
    const double travelled = end.x - start.x, expected = speed * steps * params.dt;
    std::cout << std::setprecision(6) << latticeKindName(GetParam()) << ": centroid moved " << travelled << " m of " << expected << " m; total "
              << end.total / start.total << " of the start\n";
    EXPECT_NEAR(travelled, expected, 0.02 * expected);
    EXPECT_NEAR(end.y, start.y, 0.02 * expected) << "no drift across the flow";
    EXPECT_NEAR(end.total, start.total, 1e-5 * start.total);
}

TEST_P(DyeOnLattice, VarianceInStillWaterGrowsAsFourDT)
{
    const Lattice lattice = latticeOf(GetParam(), 96, 96);
    const UniformWater still(lattice, 0.0);
    const DyeDiffusion diffusion(lattice);
    const double diffusivity = 0.5, dt = 1.0;
    std::vector<float> dyed = gaussianBlob(lattice, lattice.worldPosition(48, lattice.height() / 2), 3.0);
    DyeLedger ledger;
    const Moments start = momentsOf(lattice, dyed);
    const int steps = 40;
    int iterations = 0;
    for (int i = 0; i < steps; ++i) iterations += diffusion.diffuse(still.depth.data(), diffusivity, dt, dyed, ledger).iterations;
    const Moments end = momentsOf(lattice, dyed);
    const double growth = end.r2 - start.r2, expected = 4 * diffusivity * steps * dt;
    std::cout << std::setprecision(6) << latticeKindName(GetParam()) << ": ⟨r²⟩ grew " << growth << " m² of " << expected << " m²; " << iterations / steps
              << " CG iterations a step; total " << end.total / start.total << " of the start\n";
    EXPECT_NEAR(growth, expected, 0.05 * expected);
    EXPECT_NEAR(end.total, start.total, 1e-5 * start.total);
    for (float d : dyed) {
        EXPECT_GE(d, 0.0f);
        EXPECT_LE(d, 1.0f);
    }
}

TEST_P(DyeOnLattice, TotalHalvesInOneHalfLife)
{
    const Lattice lattice = latticeOf(GetParam(), 32, 32);
    const UniformWater still(lattice, 0.0);
    DyeTransport transport(lattice, {}, {});
    SimParams params;
    params.dt = 0.1;
    const double halfLife = 30.0;
    const DyeStepConstants constants = DyeStepConstants::from(params, lattice, halfLife);
    std::vector<std::vector<float>> dyed{gaussianBlob(lattice, lattice.worldPosition(16, lattice.height() / 2), 4.0)};
    std::vector<DyeLedger> ledgers(1);
    const double start = totalDye(lattice, dyed[0]);
    for (int i = 0; i < 300; ++i) transport.step(still.record(), constants, dyed, ledgers);
    const double end = totalDye(lattice, dyed[0]);
    EXPECT_NEAR(end / start, 0.5, 0.01 * 0.5);
    EXPECT_NEAR(ledgers[0].decayed, start - end, 1e-5 * start);
}

INSTANTIATE_TEST_SUITE_P(Both, DyeOnLattice, ::testing::Values(LatticeKind::Square, LatticeKind::Triangle),
                         [](const ::testing::TestParamInfo<LatticeKind>& info) { return std::string(latticeKindName(info.param)); });

} // namespace
} // namespace rb
