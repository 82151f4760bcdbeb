// Temporal blocking must not change the answers: any tile size and steps per pass give bitwise
// the depths and flows of the plain step (one tile covering the map, one step per pass).
#include "TestMaps.h"
#include "grid/BoundaryEdges.h"
#include "solver/CpuSolver.h"
#include "solver/PipeStages.h"

#include <gtest/gtest.h>

namespace rb {
namespace {

Map busyMap(LatticeKind kind, PipeMode pipe = PipeMode::Depth)
{
    const Lattice lattice(kind, 61, 53, 1.0);
    FloatField bed = test::roughTerrain(lattice, 111, 3.0f);
    // Ridges on every other column: a thin film on a ridge drains both ways and is held back by
    // outflow scaling, the chain that carries a window's edge error two columns a step.
    for (int y = 0; y < lattice.height(); ++y)
        for (int x = 0; x < lattice.width(); x += 2) bed(x, y) += 2.0f;
    Map map = test::basinMap(lattice, bed);
    // Mostly a thin random film over rough ground: outflow scaling is busy everywhere, which is
    // what carries a window's edge error two cells a step (deep water carries it only one).
    map.state.depth = test::randomDepth(lattice, 112, 0.05f);
    for (int y = 0; y < 10; ++y) map.state.depth(30, y) += 1.0f; // and a little deep water
    map.params.rain = 3e-4;
    map.params.evaporation = 1e-4;
    map.params.viscosity = 1e-3;
    map.params.dt = 0.03;
    // Constant pipes move even a film fast, so the ridges are held back every step.
    map.params.pipe = pipe;
    map.boundary = {wholeSide(lattice, Side::West, BoundaryType::Outflow, 0.0), wholeSide(lattice, Side::East, BoundaryType::Sea, 2.0),
                    {Side::North, 5, 40, BoundaryType::Inflow, 4.0}, {Side::South, 0, 20, BoundaryType::Sea, 1.0}};
    map.sources = {{PointSource::Kind::Spring, 30.0, 20.0, 1.0, false},
                   {PointSource::Kind::Drain, 15.5, 40.0, 0.5, false},
                   {PointSource::Kind::Drain, 47.0, 12.0, 0.0, true}};
    return map;
}

class Tiling : public ::testing::TestWithParam<std::tuple<LatticeKind, CpuTiling, PipeMode>> {};

TEST_P(Tiling, AnyTilingGivesThePlainStepsAnswers)
{
    const auto [kind, tiling, pipe] = GetParam();
    const Map map = busyMap(kind, pipe);
    CpuSolver plain(1, true, {4096, 1});
    CpuSolver tiled(2, true, tiling);
    plain.load(map);
    tiled.load(map);
    for (int call = 0; call < 5; ++call) { // 17 steps a call: passes that end part-way
        ASSERT_TRUE(plain.step(17).ok());
        ASSERT_TRUE(tiled.step(17).ok());
    }
    const MapState a = plain.readState(), b = tiled.readState();
    EXPECT_TRUE(a.depth == b.depth);
    EXPECT_TRUE(a.flows == b.flows);
    EXPECT_EQ(a.time, b.time);
    EXPECT_EQ(a.steps, b.steps);
    // The ledger is summed in another order (tile by tile), so it agrees to rounding only.
    const VolumeLedger& la = a.ledger;
    const VolumeLedger& lb = b.ledger;
    for (auto [x, y] : {std::pair{la.boundaryIn, lb.boundaryIn}, {la.boundaryOut, lb.boundaryOut}, {la.rain, lb.rain},
                        {la.evaporation, lb.evaporation}, {la.springs, lb.springs}, {la.drains, lb.drains}})
        EXPECT_NEAR(x, y, 1e-9 * std::max(1.0, std::abs(x)));
    EXPECT_GT(lb.drains, 0.0);
}

INSTANTIATE_TEST_SUITE_P(Shapes, Tiling,
                         ::testing::Combine(::testing::Values(LatticeKind::Square, LatticeKind::Triangle),
                                            ::testing::Values(CpuTiling{16, 3}, CpuTiling{7, 2}, CpuTiling{37, 5}, CpuTiling{20, 1}),
                                            ::testing::Values(PipeMode::Depth, PipeMode::Constant)),
                         [](const auto& info) {
                             const CpuTiling t = std::get<1>(info.param);
                             return std::string(latticeKindName(std::get<0>(info.param))) + "_tile" + std::to_string(t.tileSize) + "_steps"
                                    + std::to_string(t.stepsPerPass) + (std::get<2>(info.param) == PipeMode::Constant ? "_constantPipes" : "");
                         });

// PipeStep::run sweeps the stages down the rows a few rows apart; that must be exactly the
// method's order of whole passes (all boundary flows, all accelerations, all scales, ...).
class Pipeline : public ::testing::TestWithParam<LatticeKind> {};

GridView viewOf(MapState& state, std::vector<float>& scale)
{
    GridView view;
    view.lattice = &state.lattice;
    view.width = state.lattice.width();
    view.height = state.lattice.height();
    view.bed = state.bed.data();
    view.depth = state.depth.data();
    for (int f = 0; f < state.lattice.familyCount(); ++f) view.flows[static_cast<std::size_t>(f)] = state.flows[static_cast<std::size_t>(f)].data();
    scale.assign(state.lattice.paddedCount(), 1.0f);
    view.scale = scale.data();
    return view;
}

TEST_P(Pipeline, RowPipelineEqualsWholePasses)
{
    Map map = busyMap(GetParam());
    // A film rushing into a low sea on every side: the edges into the ghost rows and columns leave
    // cells that outflow scaling must hold back (where a pipeline can slip). Constant pipes make
    // the film move fast enough for that.
    for (Side side : {Side::South, Side::North, Side::East, Side::West})
        map.boundary.push_back(wholeSide(map.state.lattice, side, BoundaryType::Sea, -5.0));
    map.params.pipe = PipeMode::Constant;
    std::vector<ViewBoundaryEdge> edges;
    for (const BoundaryEdge& e : expandBoundary(map.state.lattice, map.boundary))
        edges.push_back({e.family, e.flowIndex, e.cell, e.inward, e.type, e.value, true});
    const StepConstants constants = StepConstants::from(map.params, map.state.lattice);
    const CellRect everything{0, 0, map.state.lattice.width(), map.state.lattice.height()};
    MapState piped = map.state, passes = map.state;
    std::vector<float> scaleA, scaleB;
    const GridView a = viewOf(piped, scaleA), b = viewOf(passes, scaleB);
    PipeStep pipelined(a, constants), staged(b, constants);
    VolumeLedger ledgerA, ledgerB;
    for (int step = 0; step < 40; ++step) {
        pipelined.run(edges, {}, everything, ledgerA);
        staged.setBoundaryFlows(edges);
        for (int y = 0; y < b.height; ++y) staged.accelerateFlows(y);
        for (int y = 0; y < b.height; ++y) staged.computeOutflowScales(y);
        for (int y = 0; y <= b.height; ++y) staged.scaleOutflows(y);
        staged.recordBoundaryFlows(edges, ledgerB);
        double rained = 0.0, evaporated = 0.0;
        for (int y = 0; y < b.height; ++y) staged.updateDepths(y, everything, rained, evaporated);
    }
    EXPECT_TRUE(piped.depth == passes.depth);
    EXPECT_TRUE(piped.flows == passes.flows);
    EXPECT_EQ(ledgerA.boundaryIn, ledgerB.boundaryIn);
    EXPECT_EQ(ledgerA.boundaryOut, ledgerB.boundaryOut);
}

INSTANTIATE_TEST_SUITE_P(Lattices, Pipeline, ::testing::Values(LatticeKind::Square, LatticeKind::Triangle),
                         [](const auto& info) { return std::string(latticeKindName(info.param)); });

} // namespace
} // namespace rb
