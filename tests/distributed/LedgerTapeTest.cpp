// The ledger tape (LedgerTape, CpuSolver::setLedgerTape): a distributed run books the dye's and the
// sediment's ledgers again from it on rank 0, so it must hold every booking a step makes, each with
// the figure it started from, and adding its terms again must give the books the same bits.
#include "TestMaps.h"

#include "solver/CpuSolver.h"

#include <gtest/gtest.h>

#include <set>

namespace rb {
namespace {

// Dye from an inflow and a spring, a drain, evaporation and decay; erosion at `interval`.
Map carryingMap(LatticeKind kind, FlowModel model, int interval)
{
    const Lattice lattice(kind, 40, 30, 2.0);
    Map map = test::basinMap(lattice, test::roughTerrain(lattice, 7, 2.0f));
    map.state.depth = test::randomDepth(lattice, 11, 1.5f);
    map.boundary = {wholeSide(lattice, Side::West, BoundaryType::Inflow, 5.0), wholeSide(lattice, Side::East, BoundaryType::Outflow, 0.0)};
    map.boundary[0].dye = 0;
    map.boundary[0].sediment = 0.05;
    map.sources = {{PointSource::Kind::Spring, 30.0, 20.0, 1.0, false, 1, 0.02}, {PointSource::Kind::Drain, 50.0, 40.0, 0.5, false, -1, 0.0}};
    map.params.model = model;
    map.params.evaporation = 1e-4;
    map.params.dyeHalfLife = 30.0;
    map.params.erosion.enabled = true;
    map.params.erosion.interval = interval;
    return map;
}

std::vector<const double*> figuresOf(const DyeLedger& l)
{
    return {&l.boundaryIn, &l.boundaryOut, &l.springs, &l.drains, &l.evaporation, &l.decayed, &l.clipped, &l.edited};
}

class LedgerTapeReplay : public ::testing::TestWithParam<std::tuple<LatticeKind, FlowModel, int>> {};

TEST_P(LedgerTapeReplay, HoldsEveryBookingAndAddsUpAgainToTheSameBits)
{
    const auto [kind, model, interval] = GetParam();
    CpuSolver solver(1);
    solver.load(carryingMap(kind, model, interval));
    LedgerTape tape;
    solver.setLedgerTape(&tape);
    const std::vector<DyeLedger> dyeBefore = solver.dyeLedgers();
    const SedimentLedger sedimentBefore = solver.sedimentLedger();
    ASSERT_TRUE(solver.step(16).ok());
    const std::vector<DyeLedger> dyeAfter = solver.dyeLedgers();
    const SedimentLedger sedimentAfter = solver.sedimentLedger();
    ASSERT_FALSE(tape.entries().empty());

    // Every figure the steps changed is on the tape (else rank 0 would keep its own band's sum).
    std::set<const double*> taped;
    for (const LedgerTape::Entry& e : tape.entries()) taped.insert(e.total);
    ASSERT_EQ(dyeAfter.size(), 2u);
    for (std::size_t c = 0; c < dyeAfter.size(); ++c) {
        const std::vector<const double*> before = figuresOf(dyeBefore[c]), after = figuresOf(dyeAfter[c]), live = figuresOf(solver.dyeLedgers()[c]);
        for (std::size_t k = 0; k < live.size(); ++k)
            EXPECT_TRUE(*before[k] == *after[k] || taped.count(live[k])) << "dye channel " << c << ", figure " << k << " changed off the tape";
    }
    const SedimentLedger& live = solver.sedimentLedger();
    EXPECT_NE(sedimentAfter.eroded, sedimentBefore.eroded) << "the map should erode";
    for (const double* figure : {&live.eroded, &live.deposited, &live.slid, &live.rounding}) EXPECT_TRUE(taped.count(figure));

    // Back to where each figure stood before its first entry, then every entry again: the same books.
    for (auto e = tape.entries().rbegin(); e != tape.entries().rend(); ++e) *e->total = e->before;
    solver.booksRebooked();
    EXPECT_EQ(solver.dyeLedgers(), dyeBefore);
    EXPECT_EQ(solver.sedimentLedger(), sedimentBefore);
    for (const LedgerTape::Entry& e : tape.entries()) LedgerTape::add(*e.total, e.each, e.scale, e.terms);
    solver.booksRebooked();
    EXPECT_EQ(solver.dyeLedgers(), dyeAfter);
    EXPECT_EQ(solver.sedimentLedger(), sedimentAfter);
}

INSTANTIATE_TEST_SUITE_P(LatticesModelsIntervals, LedgerTapeReplay,
                         ::testing::Combine(::testing::Values(LatticeKind::Square, LatticeKind::Triangle),
                                            ::testing::Values(FlowModel::Pipes, FlowModel::Momentum), ::testing::Values(1, 4)));

} // namespace
} // namespace rb
