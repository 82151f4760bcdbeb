// Tagged water (issue 32, part 3): the dye channels WaterTags lends to Add-water strokes, and a
// StrokeTag's undo and redo on a CPU solver, without a window. The tag rides with the water, so
// undo takes the stroke's water back wherever it flowed; the ledger's `edited` goes back exactly
// when all of it is still there and books the removal when some left the map.
#include "commands/StrokeTag.h"
#include "document/WaterTags.h"
#include "model/DyeRelease.h"
#include "SolverFactory.h"
#include "solver/CpuSolver.h"

#include <gtest/gtest.h>

#include <cmath>

using rb::CellRegion;
using rb::commands::StrokeTag;
using rb::editor::WaterTags;

namespace {

// A flat basin 40×20 of 1 m cells under 1 m of water; walls, or an outflow on the east side.
rb::Map basin(bool eastOutflow)
{
    rb::Map map;
    map.state = rb::MapState(rb::Lattice(rb::LatticeKind::Square, 40, 20, 1.0));
    for (float& d : map.state.depth.values()) d = 1.0f;
    map.params.dt = 0.02;
    if (eastOutflow) map.boundary = {rb::wholeSide(map.state.lattice, rb::Side::East, rb::BoundaryType::Outflow, 0.0)};
    return map;
}

// One dab adding `amount` m over `rect`, tagged: what the water brush does.
void addWater(rb::Solver& solver, WaterTags& tags, StrokeTag& tag, const CellRegion& rect, float amount)
{
    const std::vector<float> before = solver.readDepth(rect);
    std::vector<float> after = before;
    for (float& d : after) d += amount;
    solver.setDepth(rect, after);
    tag.addDab(tags, rect, before, after);
}

double volumeOutside(const rb::MapState& state, const CellRegion& rect)
{
    double volume = 0.0;
    for (int y = 0; y < state.lattice.height(); ++y)
        for (int x = 0; x < state.lattice.width(); ++x)
            if (x < rect.x || x >= rect.x + rect.width || y < rect.y || y >= rect.y + rect.height) volume += state.depth(x, y);
    return volume * state.lattice.cellArea();
}

} // namespace

TEST(WaterTags, LendTheLowestChannelAboveTheUsersAndDropTheOldest)
{
    rb::Map map = basin(false);
    rb::addDyeChannels(map.state, 1); // the user's channel 0
    rb::CpuSolver solver(1);
    solver.load(map);
    WaterTags tags;
    tags.reset(&solver, map.state.lattice);
    EXPECT_EQ(tags.userChannels(), 1);
    EXPECT_EQ(tags.acquire(11), 1);
    EXPECT_EQ(tags.acquire(12), 2);
    EXPECT_EQ(tags.acquire(11), 1); // its own again
    EXPECT_EQ(tags.acquire(13), 3);
    solver.setDye(3, {0, 0, 1, 1}, {0.1f}); // its stroke's water: the solver now carries channels 0..3
    EXPECT_EQ(tags.acquire(14), 1); // none free: the oldest (11) goes
    EXPECT_FALSE(tags.holds(1, 11));
    EXPECT_TRUE(tags.holds(1, 14));
    rb::MapState state = solver.readState();
    ASSERT_EQ(state.dye.size(), 4u);
    tags.strip(state); // what the runner hands on: the user's channel only
    EXPECT_EQ(state.dye.size(), 1u);
    EXPECT_EQ(state.dyeLedgers.size(), 1u);

    // The Dye brush on channel 2: every tag goes, and so do their channels, ledgers and all, so
    // the user's channels 1 and 2 start clean.
    EXPECT_TRUE(tags.claimForUser(2));
    EXPECT_EQ(tags.userChannels(), 3);
    EXPECT_FALSE(tags.holds(3, 13));
    EXPECT_EQ(solver.diagnostics().dyeLedgers.size(), 1u);
    EXPECT_EQ(tags.acquire(15), 3);
    EXPECT_FALSE(tags.claimForUser(1)); // the user's already
}

// On both backends ("cpu", "opencl:0": the device carries the tag as it carries dye).
class StrokeTagOn : public testing::TestWithParam<std::string> {};

TEST_P(StrokeTagOn, UndoTakesTheStrokesWaterWhereverItFlowedAndRedoBringsItBack)
{
    const rb::Map map = basin(false);
    rb::opencl::SolverChoice choice = rb::opencl::createSolver(GetParam(), map);
    if (!choice.notice.empty()) GTEST_SKIP() << choice.notice;
    rb::Solver& solver = *choice.solver;
    WaterTags tags;
    tags.reset(&solver, map.state.lattice);
    StrokeTag tag;
    const CellRegion rect{4, 6, 6, 6};
    const double initial = map.state.volume();
    addWater(solver, tags, tag, rect, 0.5f);
    addWater(solver, tags, tag, {6, 8, 6, 6}, 0.25f); // a second dab, overlapping
    double editedUndone = 0.0, editedRedone = solver.diagnostics().ledger.edited;
    const double added = editedRedone;
    ASSERT_TRUE(tag.live(tags));
    ASSERT_TRUE(solver.step(600).ok());
    const rb::MapState spread = solver.readState();
    EXPECT_GT(volumeOutside(spread, {4, 6, 8, 8}), volumeOutside(map.state, {4, 6, 8, 8}) + 0.5 * added); // it flowed away

    tag.takeBack(tags, editedUndone, editedRedone);
    const rb::MapState undone = solver.readState();
    EXPECT_EQ(undone.ledger.edited, 0.0); // exactly its figure before the stroke
    EXPECT_EQ(editedUndone, 0.0);
    EXPECT_NEAR(undone.volume(), initial, 1e-5 * initial);
    EXPECT_FALSE(tag.live(tags));
    EXPECT_EQ(tags.acquire(99), 0); // the channel is free again, and zeroed
    EXPECT_DOUBLE_EQ(solver.diagnostics().dyeVolumes.at(0), 0.0);
    tags.release(99);

    tag.giveBack(tags, editedUndone, editedRedone); // nothing moved: the state before the undo, bitwise
    const rb::MapState redone = solver.readState();
    EXPECT_EQ(redone.depth, spread.depth);
    EXPECT_EQ(redone.ledger.edited, added);
    EXPECT_TRUE(tag.live(tags));
}

INSTANTIATE_TEST_SUITE_P(Backends, StrokeTagOn, testing::Values("cpu", "opencl:0"));

TEST(StrokeTag, WaterThatLeftTheMapStaysBooked)
{
    const rb::Map map = basin(true);
    rb::CpuSolver solver(1);
    solver.load(map);
    WaterTags tags;
    tags.reset(&solver, map.state.lattice);
    StrokeTag tag;
    addWater(solver, tags, tag, {32, 4, 8, 12}, 0.5f); // by the outflow
    double editedUndone = 0.0, editedRedone = solver.diagnostics().ledger.edited;
    ASSERT_TRUE(solver.step(400).ok());
    const rb::Diagnostics playing = solver.diagnostics();
    const double tagLeft = playing.dyeLedgers.at(0).outflow();
    ASSERT_GT(tagLeft, 0.05 * editedRedone);

    tag.takeBack(tags, editedUndone, editedRedone);
    const rb::MapState undone = solver.readState();
    EXPECT_NEAR(undone.ledger.edited, tagLeft, 1e-4 * editedRedone); // what left is still booked as brushed
    const rb::VolumeLedger& l = undone.ledger;
    EXPECT_NEAR(undone.volume(), map.state.volume() + l.inflow() - l.outflow() + l.edited, 1e-6 * map.state.volume());
}

// Once no tag is left, the solver sheds the tag channels (it steps several times faster without
// dye); carrying the tag never changed the water, and shedding does not either: bit for bit the
// run of a solver that never had one.
class ShedTags : public testing::TestWithParam<rb::FlowModel> {};

TEST_P(ShedTags, LeaveTheWaterAsIfNoTagHadBeenCarried)
{
    rb::Map map = basin(true);
    map.params.model = GetParam();
    rb::CpuSolver tagged(1), plain(1);
    tagged.load(map);
    plain.load(map);
    tagged.startMean(0.0); // a mean flow being recorded goes on through the shedding
    plain.startMean(0.0);
    WaterTags tags;
    tags.reset(&tagged, map.state.lattice);
    StrokeTag tag;
    addWater(tagged, tags, tag, {10, 4, 6, 6}, 0.5f);
    const CellRegion rect{10, 4, 6, 6};
    std::vector<float> depth = plain.readDepth(rect);
    for (float& d : depth) d += 0.5f;
    plain.setDepth(rect, depth);
    ASSERT_TRUE(tagged.step(150).ok());
    ASSERT_TRUE(plain.step(150).ok());
    EXPECT_EQ(tagged.readState().depth, plain.readState().depth);
    EXPECT_FALSE(tags.hasSpareChannels()); // the tag is live
    tags.ran(WaterTags::kLifetimeNs / 2);
    EXPECT_TRUE(tag.live(tags));
    tags.ran(WaterTags::kLifetimeNs / 2 + 1); // a minute of simulation running: the tag goes
    EXPECT_FALSE(tag.live(tags));
    EXPECT_TRUE(tags.hasSpareChannels());
    tags.shed();
    EXPECT_FALSE(tags.hasSpareChannels());
    EXPECT_TRUE(tagged.diagnostics().dyeLedgers.empty());
    ASSERT_TRUE(tagged.step(150).ok());
    ASSERT_TRUE(plain.step(150).ok());
    const rb::MapState a = tagged.readState(), b = plain.readState();
    EXPECT_EQ(a.depth, b.depth);
    EXPECT_EQ(a.flows, b.flows);
    EXPECT_EQ(a.ledger, b.ledger);
    EXPECT_EQ(a.time, b.time);
    EXPECT_FALSE(a.meanFlow.empty());
    EXPECT_TRUE(a.meanFlow == b.meanFlow);
}

INSTANTIATE_TEST_SUITE_P(BothModels, ShedTags, testing::Values(rb::FlowModel::Pipes, rb::FlowModel::Momentum));
