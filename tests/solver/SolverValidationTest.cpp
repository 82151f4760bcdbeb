// Validation of the pipes model (docs/solver.md), run on every backend and lattice: properties the
// virtual-pipes method promises (mass, positivity, lake at rest, boundary accounting, sea level,
// wave celerity, determinism, refusal of unstable steps).
#include "BackendParam.h"
#include "TestMaps.h"

#include "ranges/ValueRanges.h"
#include "solver/CpuSolver.h"

#include <gtest/gtest.h>

#include <cmath>
#include <memory>

namespace rb {
namespace {

using test::basinMap;
using test::fillTo;
using test::minDepth;
using test::randomDepth;
using test::roughTerrain;

class SolverValidation : public ::testing::TestWithParam<test::BackendLattice> {
protected:
    LatticeKind kind() const { return GetParam().lattice; }
    std::unique_ptr<Solver> loaded(const Map& map) const { return test::loadedSolver(GetParam().backend, map); }
    static void run(Solver& solver, int steps)
    {
        const StepResult result = solver.step(steps);
        ASSERT_TRUE(result.ok()) << result.error;
    }
};

TEST_P(SolverValidation, MassIsConservedAndDepthStaysPositiveInAClosedBasin)
{
    const Lattice lattice(kind(), 128, 128, 1.0);
    Map map = basinMap(lattice, roughTerrain(lattice, 11, 2.0f));
    map.state.depth = randomDepth(lattice, 12, 1.0f);
    map.params.friction = 0.01;
    auto solver = loaded(map);
    const double initial = solver->diagnostics().volume;
    for (int chunk = 0; chunk < 200; ++chunk) {
        run(*solver, 100);
        ASSERT_GE(minDepth(solver->readState()), 0.0f) << "after " << (chunk + 1) * 100 << " steps";
    }
    const double drift = std::abs(solver->diagnostics().volume - initial) / initial;
    RecordProperty("relative_volume_drift", std::to_string(drift));
    EXPECT_LE(drift, 1e-5);
    EXPECT_EQ(solver->diagnostics().steps, 20000);
}

class LakeAtRest : public ::testing::TestWithParam<std::tuple<test::BackendLattice, PipeMode, float>> {};

// A flat surface must stay flat and still over any bed, with or without dry land poking out.
TEST_P(LakeAtRest, StaysStillOverRoughTerrain)
{
    const auto [where, pipe, level] = GetParam();
    const Lattice lattice(where.lattice, 64, 64, 1.0);
    Map map = basinMap(lattice, roughTerrain(lattice, 21, 4.0f));
    fillTo(map.state, level);
    map.params.pipe = pipe;
    map.params.dt = 0.05;
    auto solver = test::loadedSolver(where.backend, map);
    ASSERT_TRUE(solver->step(10000).ok());
    const MapState state = solver->readState();
    float maxFlow = 0.0f, maxSurfaceError = 0.0f;
    for (const FloatField& f : state.flows)
        for (float q : f.values()) maxFlow = std::max(maxFlow, std::abs(q));
    for (std::size_t i = 0; i < state.depth.size(); ++i) {
        if (map.state.bed[i] >= level) {
            EXPECT_EQ(state.depth[i], 0.0f) << "dry land got wet at cell " << i;
            continue;
        }
        maxSurfaceError = std::max(maxSurfaceError, std::abs(state.bed[i] + state.depth[i] - level));
    }
    EXPECT_LE(maxFlow, 1e-5f);
    EXPECT_LE(maxSurfaceError, 1e-5f);
}

TEST_P(SolverValidation, InflowAddsExactlyItsDischarge)
{
    const Lattice lattice(kind(), 64, 64, 2.0);
    Map map = basinMap(lattice, roughTerrain(lattice, 31, 1.0f));
    fillTo(map.state, 1.5f);
    map.boundary = {wholeSide(lattice, Side::West, BoundaryType::Inflow, 2.5)};
    auto solver = loaded(map);
    const double initial = solver->diagnostics().volume;
    run(*solver, 2000); // T = 100 s at dt = 0.05
    const double expected = 2.5 * solver->diagnostics().time;
    EXPECT_NEAR(solver->diagnostics().time, 100.0, 1e-9);
    EXPECT_NEAR((solver->diagnostics().volume - initial) / expected, 1.0, 1e-4);
    EXPECT_NEAR(solver->diagnostics().ledger.boundaryIn / expected, 1.0, 1e-6);
}

TEST_P(SolverValidation, OpenBoundariesBalanceTheLedger)
{
    const Lattice lattice(kind(), 64, 48, 1.0);
    Map map = basinMap(lattice, roughTerrain(lattice, 41, 2.0f));
    fillTo(map.state, 2.5f);
    map.params.rain = 1e-3;
    map.params.evaporation = 2e-4;
    map.boundary = {wholeSide(lattice, Side::East, BoundaryType::Outflow, 0.0),
                    wholeSide(lattice, Side::North, BoundaryType::Sea, 2.0),
                    {Side::South, 10, 20, BoundaryType::Inflow, 1.5}};
    map.sources = {{PointSource::Kind::Spring, 20.0, 20.0, 0.7, false}, {PointSource::Kind::Drain, 40.0, 30.0, 0.3, false}};
    auto solver = loaded(map);
    const double initial = solver->diagnostics().volume;
    run(*solver, 4000);
    const Diagnostics d = solver->diagnostics();
    EXPECT_GT(d.ledger.boundaryOut, 0.0);
    EXPECT_GT(d.ledger.boundaryIn, 0.0);
    EXPECT_GT(d.ledger.drains, 0.0);
    EXPECT_NEAR(d.ledger.springs / (0.7 * d.time), 1.0, 1e-4);
    EXPECT_NEAR(d.volume, initial + d.inflow() - d.outflow(), 1e-5 * initial);
}

// A dry cone in a sea: exactly the cells below sea level flood, and the surface settles flat.
TEST_P(SolverValidation, SeaBoundaryFloodsExactlyTheCellsBelowSeaLevel)
{
    const Lattice lattice(kind(), 64, 64, 1.0);
    Map map = basinMap(lattice, FloatField(64, 64));
    const double cx = lattice.worldWidth() / 2, cy = lattice.worldHeight() / 2;
    for (int y = 0; y < 64; ++y)
        for (int x = 0; x < 64; ++x) {
            const WorldPoint p = lattice.worldPosition(x, y);
            map.state.bed(x, y) = static_cast<float>(3.0 - 6.0 * std::hypot(p.x - cx, p.y - cy) / 32.0);
        }
    const float seaLevel = 0.25f;
    for (Side side : {Side::North, Side::South, Side::East, Side::West})
        map.boundary.push_back(wholeSide(lattice, side, BoundaryType::Sea, seaLevel));
    map.params.friction = 0.3;
    auto solver = loaded(map);
    run(*solver, 8000);
    const MapState state = solver->readState();
    int flooded = 0;
    for (std::size_t i = 0; i < state.depth.size(); ++i) {
        const float bed = state.bed[i], depth = state.depth[i];
        if (bed < seaLevel - 1e-3f) {
            ++flooded;
            EXPECT_NEAR(bed + depth, seaLevel, 1e-3f) << "cell " << i;
        } else if (bed > seaLevel + 1e-3f) {
            EXPECT_LT(depth, 1e-3f) << "land cell " << i << " at " << bed << " m holds water";
        }
    }
    EXPECT_GT(flooded, 1000);
}

// A plane bump on still water must travel at sqrt(g·H) with depth-proportional pipes.
class Celerity : public ::testing::TestWithParam<std::tuple<test::BackendLattice, double>> {};

double crestPosition(const Lattice& lattice, const MapState& state, int row, double from)
{
    int best = -1;
    for (int x = 1; x + 1 < lattice.width(); ++x)
        if (lattice.worldPosition(x, row).x > from && (best < 0 || state.depth(x, row) > state.depth(best, row))) best = x;
    // Parabola through the crest and its neighbours, for sub-cell accuracy.
    const double l = state.depth(best - 1, row), c = state.depth(best, row), r = state.depth(best + 1, row);
    const double shift = 0.5 * (l - r) / (l - 2 * c + r);
    return lattice.worldPosition(best, row).x + shift * lattice.cellSize();
}

TEST_P(Celerity, BumpTravelsAtSqrtGH)
{
    const auto [where, depth] = GetParam();
    const Lattice lattice(where.lattice, 600, 8, 1.0);
    Map map = basinMap(lattice, FloatField(600, 8));
    const double x0 = 150.0, width = 8.0;
    for (int y = 0; y < 8; ++y)
        for (int x = 0; x < 600; ++x) {
            const double d = (lattice.worldPosition(x, y).x - x0) / width;
            map.state.depth(x, y) = static_cast<float>(depth * (1.0 + 0.01 * std::exp(-d * d)));
        }
    const double c = std::sqrt(9.81 * depth);
    map.params.friction = 0.0;
    map.params.pipe = PipeMode::Depth;
    map.params.dt = 0.2 / c; // Courant number 0.2
    auto solver = test::loadedSolver(where.backend, map);
    const int stepsPer100Cells = static_cast<int>(std::lround(100.0 / (c * map.params.dt)));
    ASSERT_TRUE(solver->step(stepsPer100Cells).ok());
    const double t1 = solver->diagnostics().time, x1 = crestPosition(lattice, solver->readState(), 4, x0);
    ASSERT_TRUE(solver->step(2 * stepsPer100Cells).ok());
    const double t2 = solver->diagnostics().time, x2 = crestPosition(lattice, solver->readState(), 4, x0);
    const double measured = (x2 - x1) / (t2 - t1);
    RecordProperty("celerity_ratio", std::to_string(measured / c));
    EXPECT_NEAR(measured / c, 1.0, 0.05) << "measured " << measured << " m/s, expected " << c;
}

// A film draining down a steep slope: a pipe moves at most the water its source cell holds per
// step, and with the face's mean depth that bounds the reported speed by 2·S/(w·dt).
TEST_P(SolverValidation, DrainingFilmReportsABoundedSpeed)
{
    const Lattice lattice(kind(), 64, 32, 2.0);
    Map map = basinMap(lattice, FloatField(64, 32));
    for (int y = 0; y < 32; ++y)
        for (int x = 0; x < 64; ++x) {
            map.state.bed(x, y) = static_cast<float>(100.0 - 1.5 * lattice.worldPosition(x, y).x);
            map.state.depth(x, y) = 0.01f;
        }
    map.params.friction = 0.0;
    map.params.dt = 0.02;
    map.boundary = {wholeSide(lattice, Side::East, BoundaryType::Outflow, 0.0)};
    auto solver = loaded(map);
    const double bound = 2.0 * lattice.cellArea() / (lattice.family(0).faceWidth * map.params.dt);
    double fastest = 0.0;
    for (int i = 0; i < 20; ++i) {
        run(*solver, 25);
        EXPECT_LE(solver->diagnostics().maxSpeed, bound) << "after " << (i + 1) * 25 << " steps";
        fastest = std::max(fastest, solver->diagnostics().maxSpeed);
    }
    EXPECT_GT(fastest, 1.0) << "the film should run fast down a slope of 1.5";
}

TEST_P(SolverValidation, IdenticalResultsOnAnyThreadCount)
{
    const Lattice lattice(kind(), 97, 83, 1.0);
    Map map = basinMap(lattice, roughTerrain(lattice, 51, 3.0f));
    map.state.depth = randomDepth(lattice, 52, 1.0f);
    map.params.rain = 1e-4;
    map.params.viscosity = 1e-3;
    map.boundary = {wholeSide(lattice, Side::East, BoundaryType::Outflow, 0.0), wholeSide(lattice, Side::North, BoundaryType::Sea, 1.0),
                    {Side::West, 5, 40, BoundaryType::Inflow, 3.0}};
    if (GetParam().backend != "cpu") {
        // The device's own scheduling must not leak into the answer either: two runs, same bits.
        auto first = loaded(map), second = loaded(map);
        ASSERT_TRUE(first->step(300).ok());
        ASSERT_TRUE(second->step(300).ok());
        EXPECT_TRUE(first->readState() == second->readState());
        return;
    }
    MapState reference;
    for (int threads : {1, 2, 3}) {
        CpuSolver solver(threads);
        solver.load(map);
        ASSERT_TRUE(solver.step(300).ok());
        if (threads == 1) reference = solver.readState();
        else EXPECT_TRUE(solver.readState() == reference) << threads << " threads differ from 1 thread";
    }
}

TEST_P(SolverValidation, DtAboveTheStabilityLimitIsRefusedAndStateKept)
{
    const Lattice lattice(kind(), 32, 32, 1.0);
    Map map = basinMap(lattice, roughTerrain(lattice, 61, 1.0f));
    fillTo(map.state, 20.0f);
    map.state.depth(16, 16) += 5.0f;
    map.params.dt = 0.02;
    auto solver = loaded(map);
    run(*solver, 10);
    const MapState before = solver->readState();
    SimParams params = solver->params();
    params.dt = 3.0; // far beyond the limit: sqrt(g·25)·dt/dx ≈ 47
    solver->setParams(params);
    EXPECT_GT(solver->diagnostics().cfl, 1.0);
    const StepResult result = solver->step(400);
    EXPECT_FALSE(result.ok());
    EXPECT_NE(result.error.find("Lower dt"), std::string::npos) << result.error;
    EXPECT_TRUE(solver->readState() == before);
    EXPECT_EQ(solver->diagnostics().steps, 10);
}

// Water piling up during a call can push the CFL number past 1: the whole call is undone.
TEST_P(SolverValidation, CallWhoseDepthOutgrowsDtIsUndone)
{
    const Lattice lattice(kind(), 24, 24, 1.0);
    Map map = basinMap(lattice, FloatField(24, 24));
    fillTo(map.state, 1.0f);
    map.params.dt = 0.6 / std::sqrt(9.81 * 1.0); // CFL ≈ 0.85 (square) at 1 m, above 1 beyond ~1.4 m
    map.boundary = {wholeSide(lattice, Side::West, BoundaryType::Inflow, 400.0)};
    auto solver = loaded(map);
    ASSERT_LT(solver->diagnostics().cfl, 1.0);
    const MapState before = solver->readState();
    const StepResult result = solver->step(200);
    EXPECT_FALSE(result.ok());
    EXPECT_NE(result.error.find("rose above 1"), std::string::npos) << result.error;
    EXPECT_TRUE(solver->readState() == before);
    EXPECT_EQ(solver->diagnostics().ledger.boundaryIn, 0.0);
}

// Only the CPU solver can switch its CFL guard off (the stability tests use that); with it off,
// a state that is not finite or has left its range must still be refused. Parameters that made
// a float overflow at once (dt 1e38) are refused up front now; the largest ones allowed must end
// either in a state that could be saved or in a refusal that changed nothing.
class CpuGuardOff : public ::testing::TestWithParam<LatticeKind> {};

TEST_P(CpuGuardOff, StatesOutsideTheRangesAreRefusedEvenWithoutTheCflGuard)
{
    const Lattice lattice(GetParam(), 16, 16, 1.0);
    Map map = basinMap(lattice, roughTerrain(lattice, 62, 1.0f));
    fillTo(map.state, 3.0f);
    map.params.dt = ranges::kMaxDt;
    map.params.gravity = ranges::kMaxGravity;
    map.params.pipe = PipeMode::Constant;
    CpuSolver solver(0, /*refuseAboveCfl=*/false);
    solver.load(map);
    const StepResult result = solver.step(50);
    if (result.ok()) {
        EXPECT_EQ(solver.readState().validate(), "");
    } else {
        EXPECT_TRUE(result.error.find("NaN") != std::string::npos || result.error.find("range") != std::string::npos) << result.error;
        EXPECT_TRUE(solver.readState() == MapState(map.state));
    }
}

TEST_P(SolverValidation, RejectsInvalidInput)
{
    const Lattice lattice(kind(), 16, 16, 1.0);
    Map map = basinMap(lattice, FloatField(16, 16));
    map.state.bed(3, 3) = std::nanf("");
    EXPECT_THROW(loaded(map), std::invalid_argument);
    map.state.bed(3, 3) = 0.0f;
    auto solver = loaded(map);
    SimParams bad = map.params;
    bad.dt = -1.0;
    EXPECT_THROW(solver->setParams(bad), std::invalid_argument);
    EXPECT_THROW(solver->setBoundary({{Side::West, 0, 16, BoundaryType::Wall, 0.0}}), std::invalid_argument);
    EXPECT_THROW(solver->setSources({{PointSource::Kind::Spring, -5.0, 1.0, 1.0, false}}), std::invalid_argument);
}

INSTANTIATE_TEST_SUITE_P(Lattices, CpuGuardOff, ::testing::Values(LatticeKind::Square, LatticeKind::Triangle),
                         [](const auto& info) { return std::string(latticeKindName(info.param)); });
INSTANTIATE_TEST_SUITE_P(Backends, SolverValidation, test::allBackendLattices(), test::backendLatticeName);
INSTANTIATE_TEST_SUITE_P(Backends, LakeAtRest,
                         ::testing::Combine(test::allBackendLattices(), ::testing::Values(PipeMode::Constant, PipeMode::Depth),
                                            ::testing::Values(5.0f, 2.5f)),
                         [](const auto& info) {
                             return test::nameOf(std::get<0>(info.param)) + "_" + std::string(pipeModeName(std::get<1>(info.param)))
                                    + (std::get<2>(info.param) > 4.0f ? "_submerged" : "_islands");
                         });
INSTANTIATE_TEST_SUITE_P(Backends, Celerity, ::testing::Combine(test::allBackendLattices(), ::testing::Values(1.0, 4.0)),
                         [](const auto& info) {
                             return test::nameOf(std::get<0>(info.param)) + "_depth" + std::to_string(static_cast<int>(std::get<1>(info.param)));
                         });

} // namespace
} // namespace rb
