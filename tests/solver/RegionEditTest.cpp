// Region edits (the editor's brushes) between steps: only the rectangle changes, terrain edits
// keep every depth (so the volume), depth edits are booked in the ledger, bad edits change
// nothing, and a run continued after an edit is the run of the edited map loaded afresh — which
// shows the edit reached the state the step reads (on OpenCL: the device buffers).
#include "BackendParam.h"
#include "TestMaps.h"

#include "solver/Stability.h"

#include <gtest/gtest.h>

#include <cmath>
#include <stdexcept>

namespace rb {
namespace {

class RegionEdit : public ::testing::TestWithParam<test::BackendLattice> {
protected:
    Lattice lattice() const { return Lattice(GetParam().lattice, 48, 40, 1.0); }

    Map lakeMap() const
    {
        Map map = test::basinMap(lattice(), test::roughTerrain(lattice(), 7, 2.0f));
        test::fillTo(map.state, 1.0f);
        return map;
    }

    // A rectangle of `value`s for `rect`, plus a ramp so that each cell differs.
    static std::vector<float> ramp(const CellRegion& rect, float value)
    {
        std::vector<float> values(rect.cellCount());
        for (std::size_t i = 0; i < values.size(); ++i) values[i] = value + 0.01f * static_cast<float>(i % 7);
        return values;
    }
};

TEST_P(RegionEdit, SetBedChangesOnlyTheRectangleAndKeepsEveryDepth)
{
    const Map map = lakeMap();
    auto solver = test::loadedSolver(GetParam().backend, map);
    ASSERT_TRUE(solver->step(20).ok());
    const MapState before = solver->readState();

    const CellRegion rect{10, 12, 9, 5};
    const std::vector<float> bed = ramp(rect, 1.7f);
    solver->setBed(rect, bed);

    const MapState after = solver->readState();
    EXPECT_EQ(solver->readBed(rect), bed);
    for (int y = 0; y < lattice().height(); ++y)
        for (int x = 0; x < lattice().width(); ++x) {
            const bool inside = x >= rect.x && x < rect.x + rect.width && y >= rect.y && y < rect.y + rect.height;
            ASSERT_EQ(after.bed(x, y), inside ? bed[rect.indexOf(x, y)] : before.bed(x, y)) << x << "," << y;
        }
    EXPECT_TRUE(after.depth == before.depth); // the water column moved with the bed
    EXPECT_NEAR(solver->diagnostics().volume, before.volume(), 1e-6 * before.volume());
}

TEST_P(RegionEdit, RunAfterATerrainEditIsTheEditedMapsRun)
{
    const Map map = lakeMap();
    auto edited = test::loadedSolver(GetParam().backend, map);
    ASSERT_TRUE(edited->step(30).ok());
    const CellRegion dam{20, 0, 3, lattice().height()};
    edited->setBed(dam, std::vector<float>(dam.cellCount(), 3.0f));

    auto fresh = test::loadedSolver(GetParam().backend, edited->readMap());
    ASSERT_TRUE(edited->step(200).ok());
    ASSERT_TRUE(fresh->step(200).ok());
    const MapState a = edited->readState(), b = fresh->readState();
    EXPECT_TRUE(a.depth == b.depth);
    EXPECT_TRUE(a.flows == b.flows);
    EXPECT_EQ(a.ledger, b.ledger);
}

TEST_P(RegionEdit, WaterUnderRaisedTerrainIsLiftedNotLost)
{
    Map map = lakeMap();
    auto solver = test::loadedSolver(GetParam().backend, map);
    const double volume = solver->diagnostics().volume;
    const CellRegion rect{15, 10, 12, 12};
    std::vector<float> bed = solver->readBed(rect);
    for (float& b : bed) b += 0.5f;
    solver->setBed(rect, bed);
    ASSERT_TRUE(solver->step(2000).ok());
    // Walls all round: the lifted water flows away but none appears or vanishes.
    EXPECT_NEAR(solver->diagnostics().volume, volume, 1e-5 * volume);
}

TEST_P(RegionEdit, SetDepthIsBookedInTheLedger)
{
    const Map map = lakeMap();
    auto solver = test::loadedSolver(GetParam().backend, map);
    ASSERT_TRUE(solver->step(10).ok());
    const double volume = solver->diagnostics().volume;

    const CellRegion added{5, 5, 6, 4};
    const CellRegion removed{30, 20, 5, 5};
    double removedDepth = 0.0;
    for (float h : solver->readDepth(removed)) removedDepth += h;
    std::vector<float> depth = solver->readDepth(added);
    for (float& h : depth) h += 0.25f;
    solver->setDepth(added, depth);
    solver->setDepth(removed, std::vector<float>(removed.cellCount(), 0.0f));

    EXPECT_EQ(solver->readDepth(added), depth);
    const double edited = solver->diagnostics().ledger.edited;
    EXPECT_NEAR(solver->diagnostics().volume, volume + edited, 1e-6 * volume);
    const double expected = (0.25 * static_cast<double>(added.cellCount()) - removedDepth) * lattice().cellArea();
    EXPECT_NEAR(edited, expected, 1e-5 * std::abs(expected) + 1e-6);
    EXPECT_NEAR(edited, solver->readState().volume() - volume, 1e-6 * volume);

    ASSERT_TRUE(solver->step(1000).ok());
    const Diagnostics d = solver->diagnostics();
    EXPECT_NEAR(d.volume, volume + d.ledger.edited, 1e-5 * volume); // walls all round, no sources
}

// A deep dab raises the max depth and the CFL number at once, so the next step is checked against it.
TEST_P(RegionEdit, DeepWaterEditRaisesTheCflNumberBeforeTheNextStep)
{
    auto solver = test::loadedSolver(GetParam().backend, lakeMap());
    const double before = solver->diagnostics().cfl;
    solver->setDepth({20, 20, 1, 1}, {60.0f});
    EXPECT_EQ(solver->diagnostics().maxDepth, 60.0);
    EXPECT_EQ(solver->diagnostics().cfl, cflNumber(lattice(), solver->params(), 60.0));
    EXPECT_GT(solver->diagnostics().cfl, before);
}

TEST_P(RegionEdit, ReadDepthIsTheStatesRectangle)
{
    auto solver = test::loadedSolver(GetParam().backend, lakeMap());
    ASSERT_TRUE(solver->step(50).ok());
    const MapState state = solver->readState();
    const CellRegion rect{3, 7, 11, 13};
    const std::vector<float> depth = solver->readDepth(rect);
    for (int y = rect.y; y < rect.y + rect.height; ++y)
        for (int x = rect.x; x < rect.x + rect.width; ++x) ASSERT_EQ(depth[rect.indexOf(x, y)], state.depth(x, y));
    EXPECT_EQ(solver->readDepth(CellRegion::wholeMap(lattice())), state.depth.values());
}

TEST_P(RegionEdit, BadEditsThrowAndChangeNothing)
{
    auto solver = test::loadedSolver(GetParam().backend, lakeMap());
    ASSERT_TRUE(solver->step(5).ok());
    const MapState before = solver->readState();
    const int w = lattice().width(), h = lattice().height();
    const CellRegion ok{1, 1, 2, 2};
    EXPECT_THROW(solver->setBed({w - 1, 0, 2, 1}, {1.0f, 1.0f}), std::invalid_argument);     // off the east edge
    EXPECT_THROW(solver->setBed({0, -1, 1, 1}, {1.0f}), std::invalid_argument);              // above row 0
    EXPECT_THROW(solver->setBed({0, 0, 0, 3}, {}), std::invalid_argument);                   // empty
    EXPECT_THROW(solver->setBed({0, h, 1, 1}, {1.0f}), std::invalid_argument);
    EXPECT_THROW(solver->setBed({2147483647, 0, 2, 1}, {1.0f, 1.0f}), std::invalid_argument); // overflowing sum
    EXPECT_THROW(solver->setBed(ok, {1.0f, 1.0f, 1.0f}), std::invalid_argument);             // too few values
    EXPECT_THROW(solver->setBed(ok, {1.0f, NAN, 1.0f, 1.0f}), std::invalid_argument);
    EXPECT_THROW(solver->setBed(ok, {1.0f, 1.0f, INFINITY, 1.0f}), std::invalid_argument);
    EXPECT_THROW(solver->setDepth(ok, {1.0f, 1.0f, -0.5f, 1.0f}), std::invalid_argument);
    EXPECT_THROW(solver->setDepth(ok, {NAN, 1.0f, 1.0f, 1.0f}), std::invalid_argument);
    EXPECT_THROW(solver->readDepth({w, 0, 1, 1}), std::invalid_argument);
    EXPECT_THROW(solver->readBed({0, 0, w + 1, 1}), std::invalid_argument);
    EXPECT_EQ(solver->readState(), before);
    try {
        solver->setDepth(ok, {1.0f, 1.0f, -0.5f, 1.0f});
    } catch (const std::invalid_argument& e) {
        EXPECT_NE(std::string(e.what()).find("negative water depth at cell (1, 2)"), std::string::npos) << e.what();
    }
}

INSTANTIATE_TEST_SUITE_P(Backends, RegionEdit, test::allBackendLattices(), test::backendLatticeName);

} // namespace
} // namespace rb
