// The CPU solver's hooks for a distributed run (CpuSolver::setDiagnosticRows, rowVolumes,
// readRows/writeRows, setLedgerTrace): a band's diagnostics combine into the whole map's, rows
// move exactly, and the trace holds what the ledger booked.
#include "TestMaps.h"

#include "solver/CpuSolver.h"

#include <gtest/gtest.h>

#include <numeric>

namespace rb {
namespace {

Map wetMap(LatticeKind kind)
{
    const Lattice lattice(kind, 40, 30, 2.0);
    Map map = test::basinMap(lattice, test::roughTerrain(lattice, 7, 2.0f));
    map.state.depth = test::randomDepth(lattice, 11, 1.5f);
    map.boundary = {wholeSide(lattice, Side::West, BoundaryType::Inflow, 5.0), wholeSide(lattice, Side::East, BoundaryType::Outflow, 0.0)};
    return map;
}

class SolverHooks : public ::testing::TestWithParam<std::tuple<LatticeKind, FlowModel>> {
protected:
    Map map() const
    {
        Map m = wetMap(std::get<0>(GetParam()));
        m.params.model = std::get<1>(GetParam());
        return m;
    }
};

// Two halves' maxima are the whole map's, and their row volumes add up to its volume in row order.
TEST_P(SolverHooks, BandDiagnosticsCombineIntoTheWholeMaps)
{
    CpuSolver whole(1), top(1), bottom(1);
    for (CpuSolver* s : {&whole, &top, &bottom}) {
        s->load(map());
        ASSERT_TRUE(s->step(5).ok());
    }
    top.setDiagnosticRows(0, 14);
    bottom.setDiagnosticRows(14, 30);
    const Diagnostics w = whole.diagnostics(), a = top.diagnostics(), b = bottom.diagnostics();
    EXPECT_EQ(std::max(a.maxDepth, b.maxDepth), w.maxDepth);
    EXPECT_EQ(std::max(a.maxSpeed, b.maxSpeed), w.maxSpeed);
    EXPECT_EQ(std::max(a.cfl, b.cfl), w.cfl);
    EXPECT_LT(a.maxDepth + b.maxDepth, 2 * w.maxDepth) << "each half should see only its rows";
    std::vector<double> rows(top.rowVolumes().begin(), top.rowVolumes().begin() + 14);
    rows.insert(rows.end(), bottom.rowVolumes().begin() + 14, bottom.rowVolumes().end());
    EXPECT_EQ(std::accumulate(rows.begin(), rows.end(), 0.0) * map().state.lattice.cellArea(), w.volume);
    EXPECT_EQ(std::accumulate(top.rowVolumes().begin() + 14, top.rowVolumes().end(), 0.0), 0.0) << "rows outside the band are not summed";
    EXPECT_EQ(std::accumulate(bottom.rowVolumes().begin(), bottom.rowVolumes().begin() + 14, 0.0), 0.0) << "rows outside the band are not summed";
}

// Rows written into another solver replace exactly those rows (ghost rows included).
TEST_P(SolverHooks, RowsMoveExactly)
{
    CpuSolver source(1), target(1);
    source.load(map());
    target.load(map());
    ASSERT_TRUE(source.step(7).ok());
    target.writeRows(source.readRows(-1, 10));
    const MapState a = source.readState(), b = target.readState();
    const Lattice& lattice = a.lattice;
    const Map initial = map();
    const std::vector<float>& before = initial.state.depth.values();
    int changed = 0;
    for (int y = 0; y < lattice.height(); ++y)
        for (int x = 0; x < lattice.width(); ++x) {
            const std::size_t i = lattice.index(x, y);
            EXPECT_EQ(b.depth.values()[i], y < 10 ? a.depth.values()[i] : before[i]) << "depth at " << x << "," << y;
            changed += y < 10 && a.depth.values()[i] != before[i] ? 1 : 0;
        }
    EXPECT_GT(changed, 0) << "the stepped rows should differ from the map's";
    for (std::size_t f = 0; f < a.flows.size(); ++f)
        for (int y = -1; y < 10; ++y)
            for (int x = -1; x <= lattice.width(); ++x) EXPECT_EQ(a.flows[f].values()[lattice.paddedIndex(x, y)], b.flows[f].values()[lattice.paddedIndex(x, y)]);
    EXPECT_THROW(target.readRows(-2, 3), std::invalid_argument);
}

// The trace's edge flows and each row's sums give back the ledger the step booked.
TEST_P(SolverHooks, TraceHoldsWhatTheLedgerBooked)
{
    Map m = map();
    m.params.rain = 1e-4;
    CpuSolver solver(1, true, CpuTiling{1000, 4});
    solver.load(m);
    std::vector<StepTrace> trace;
    solver.setLedgerTrace(&trace);
    ASSERT_TRUE(solver.step(6).ok());
    ASSERT_EQ(trace.size(), 6u);
    double in = 0.0, rain = 0.0;
    for (const StepTrace& t : trace) {
        ASSERT_EQ(t.rowRain.size(), 30u);
        for (double q : t.edgeInward) in += q > 0.0 ? q : 0.0;
        for (double r : t.rowRain) rain += r;
    }
    const VolumeLedger& ledger = solver.diagnostics().ledger;
    EXPECT_GT(ledger.boundaryIn, 0.0);
    EXPECT_NEAR(in * m.params.dt, ledger.boundaryIn, 1e-9 * ledger.boundaryIn);
    EXPECT_GT(ledger.rain, 0.0);
    const double area = m.params.model == FlowModel::Momentum ? static_cast<double>(static_cast<float>(m.state.lattice.cellArea())) : m.state.lattice.cellArea();
    EXPECT_NEAR(rain * area, ledger.rain, 1e-9 * ledger.rain);
}

INSTANTIATE_TEST_SUITE_P(LatticesAndModels, SolverHooks,
                         ::testing::Combine(::testing::Values(LatticeKind::Square, LatticeKind::Triangle), ::testing::Values(FlowModel::Pipes, FlowModel::Momentum)),
                         [](const auto& info) {
                             return std::string(latticeKindName(std::get<0>(info.param))) + "_" + std::string(flowModelName(std::get<1>(info.param)));
                         });

} // namespace
} // namespace rb
