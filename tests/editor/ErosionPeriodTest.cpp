// Erosion in the editor: a run with erosion on, up to the pause, is one undo step ("Erosion,
// t = a…b s") whose undo puts the bed, the suspended load, the net deposition and the sediment
// ledger back bit for bit, in the document and in the running simulation, and whose redo brings
// back the end of the run, bit for bit. The erodibility brush's command likewise.
#include "EventLoopWait.h"
#include "commands/CommandIds.h"
#include "commands/ErosionPeriodCommand.h"
#include "commands/PaintErodibilityCommand.h"
#include "session/EditingSession.h"
#include "document/ErosionPeriod.h"
#include "document/MapDocument.h"
#include "document/SameBits.h"
#include "document/SimulationRunner.h"
#include "io/map/MapFile.h"

#include <QTemporaryDir>
#include <QUndoStack>

#include <gtest/gtest.h>

#include <memory>

using rb::editor::EditingSession;
using rb::editor::sameBits;
using rb::test::processEventsUntil;

namespace {

// Water 1 m deep behind a dam that has just gone, at the top of a 10 % slope: it rushes down and
// scours the bed on the way.
rb::Map slope(rb::LatticeKind kind)
{
    rb::Map map;
    map.state = rb::MapState(rb::Lattice(kind, 48, 16, 1.0));
    for (int y = 0; y < 16; ++y)
        for (int x = 0; x < 48; ++x) {
            map.state.bed(x, y) = 5.0f - 0.1f * static_cast<float>(x);
            map.state.depth(x, y) = x < 10 ? 1.0f : 0.0f;
        }
    map.params.dt = 0.01;
    map.params.erosion.enabled = true;
    map.params.erosion.erosionRate = 2.0;
    return map;
}

struct ErosionFields {
    std::vector<float> bed, sediment, deposition, bedRemainder;
    rb::SedimentLedger ledger;
};

ErosionFields fieldsOf(const rb::MapState& state)
{
    const std::size_t cells = state.lattice.cellCount();
    return {state.bed.values(), state.sediment.empty() ? std::vector<float>(cells, 0.0f) : state.sediment.values(),
            state.deposition.empty() ? std::vector<float>(cells, 0.0f) : state.deposition.values(),
            state.bedRemainder.empty() ? std::vector<float>(cells, 0.0f) : state.bedRemainder.values(), state.sedimentLedger};
}

void expectSameBits(const ErosionFields& a, const ErosionFields& b, const char* what)
{
    EXPECT_TRUE(sameBits(a.bed, b.bed)) << what << ": bed";
    EXPECT_TRUE(sameBits(a.sediment, b.sediment)) << what << ": sediment";
    EXPECT_TRUE(sameBits(a.deposition, b.deposition)) << what << ": deposition";
    EXPECT_TRUE(sameBits(a.bedRemainder, b.bedRemainder)) << what << ": bed remainder";
    EXPECT_TRUE(a.ledger == b.ledger) << what << ": sediment ledger";
}

class ErosionPeriodTest : public ::testing::TestWithParam<rb::LatticeKind> {
protected:
    void SetUp() override
    {
        ASSERT_TRUE(dir_.isValid());
        const QString path = dir_.filePath("slope.rbmap");
        QString error;
        ASSERT_TRUE(rb::io::writeMapFile(path, slope(GetParam()), &error)) << error.toStdString();
        session_ = std::make_unique<EditingSession>();
        session_->open(path);
        ASSERT_TRUE(processEventsUntil([&] { return session_->currentMapId() != 0 && !session_->isBusy(); }));
        // Set as the Simulation dock's Erosion box does (the map file may not keep them).
        session_->document()->setParams(slope(GetParam()).params);
    }

    rb::Map runnerMap()
    {
        std::optional<rb::Map> map;
        session_->runner()->requestMap([&](rb::Map m) { map = std::move(m); });
        EXPECT_TRUE(processEventsUntil([&] { return map.has_value(); }));
        return map ? std::move(*map) : rb::Map{};
    }

    QUndoStack* stack() { return session_->document()->undoStack(); }

    // Plays until the simulation has run `steps` steps, then pauses.
    void playAndPause(std::int64_t steps)
    {
        session_->runner()->play();
        ASSERT_TRUE(processEventsUntil([&] {
            const auto snapshot = session_->runner()->takeSnapshot(); // as the view does: the worker publishes the next
            return snapshot && snapshot->diagnostics.steps >= steps;
        }));
        session_->runner()->pause();
    }

    QTemporaryDir dir_;
    std::unique_ptr<EditingSession> session_;
};

TEST_P(ErosionPeriodTest, PlayThenPauseIsOneCommandWhoseUndoAndRedoAreBitwise)
{
    const ErosionFields start = fieldsOf(runnerMap().state);
    playAndPause(150);
    ASSERT_TRUE(processEventsUntil([&] { return stack()->count() == 1; }));
    const rb::Map endMap = runnerMap();
    const ErosionFields end = fieldsOf(endMap.state);
    ASSERT_FALSE(sameBits(start.bed, end.bed)) << "the run eroded nothing";
    EXPECT_GT(end.ledger.eroded, 0.0);

    const auto* command = stack()->command(0);
    ASSERT_EQ(command->id(), rb::commands::ErosionPeriodId);
    EXPECT_TRUE(command->text().startsWith("Erosion, t = 0…")) << command->text().toStdString();
    EXPECT_TRUE(command->text().endsWith(" s")) << command->text().toStdString();
    // No second command arrives for the same run.
    processEventsUntil([] { return false; }, 300);
    EXPECT_EQ(stack()->count(), 1);

    // The document holds the eroded terrain and erosion state as soon as the command is pushed.
    expectSameBits(fieldsOf(session_->document()->map().state), end, "document after the run");

    stack()->undo();
    expectSameBits(fieldsOf(runnerMap().state), start, "simulation after undo");
    expectSameBits(fieldsOf(session_->document()->map().state), start, "document after undo");

    stack()->redo();
    expectSameBits(fieldsOf(runnerMap().state), end, "simulation after redo");
    expectSameBits(fieldsOf(session_->document()->map().state), end, "document after redo");
    // The water stays as the run left it: undo and redo move only the terrain and its erosion state.
    EXPECT_TRUE(sameBits(runnerMap().state.depth.values(), endMap.state.depth.values()));
}

TEST_P(ErosionPeriodTest, TurningErosionOffWhilePlayingEndsThePeriod)
{
    session_->runner()->play();
    ASSERT_TRUE(processEventsUntil([&] {
        const auto snapshot = session_->runner()->takeSnapshot();
        return snapshot && snapshot->diagnostics.steps >= 50;
    }));
    rb::SimParams off = session_->document()->map().params;
    off.erosion.enabled = false;
    session_->document()->setParams(off);
    ASSERT_TRUE(processEventsUntil([&] { return stack()->count() == 1; }));
    EXPECT_EQ(stack()->command(0)->id(), rb::commands::ErosionPeriodId);
    const rb::Map stopped = runnerMap();
    session_->runner()->pause();
    // Played on without erosion: the bed the command ended with is still the simulation's.
    expectSameBits(fieldsOf(runnerMap().state), fieldsOf(session_->document()->map().state), "after erosion off");
    EXPECT_TRUE(sameBits(stopped.state.bed.values(), runnerMap().state.bed.values()));
    processEventsUntil([] { return false; }, 300);
    EXPECT_EQ(stack()->count(), 1);
}

TEST_P(ErosionPeriodTest, PaintErodibilityUndoAndRedoAreBitwise)
{
    rb::editor::MapDocument* document = session_->document();
    const rb::CellRegion rect{5, 3, 7, 4};
    const std::vector<float> before = document->erodibilityIn(rect);
    std::vector<float> after(rect.cellCount());
    for (std::size_t i = 0; i < after.size(); ++i) after[i] = 0.1f + 0.7f * static_cast<float>(i) / static_cast<float>(after.size());
    stack()->push(new rb::commands::PaintErodibilityCommand(document, rect, before, after, "Erodibility", false));
    const auto inRunner = [&] { return runnerMap().state.erodibility; };
    EXPECT_TRUE(sameBits(document->erodibilityIn(rect), after));
    rb::FloatField painted = inRunner();
    ASSERT_FALSE(painted.empty());
    EXPECT_TRUE(sameBits(painted.valuesIn(rect), after));
    EXPECT_EQ(painted(0, 0), 1.0f); // outside the stroke: loose soil as before

    stack()->undo();
    EXPECT_TRUE(sameBits(document->erodibilityIn(rect), before));
    EXPECT_TRUE(sameBits(inRunner().valuesIn(rect), before));
    stack()->redo();
    EXPECT_TRUE(sameBits(document->erodibilityIn(rect), after));
    EXPECT_TRUE(sameBits(inRunner().valuesIn(rect), after));
}

// The same on the OpenCL device (PoCL in CI): the erosion state lives on the host beside the
// device's water, the restored bed goes to the device as a rectangle.
TEST_P(ErosionPeriodTest, UndoAndRedoAreBitwiseOnOpenCl)
{
    QString solver;
    QObject::connect(session_->runner(), &rb::editor::SimulationRunner::solverReady, [&](const QString& name) { solver = name; });
    session_->setBackend("opencl:0");
    // The first map's own "cpu" may still be on its way: wait for the device's.
    if (!processEventsUntil([&] { return solver.startsWith("opencl"); }, 20000)) GTEST_SKIP() << "no OpenCL device took the map";
    const ErosionFields start = fieldsOf(runnerMap().state);
    playAndPause(150);
    ASSERT_TRUE(processEventsUntil([&] { return stack()->count() == 1; }));
    const ErosionFields end = fieldsOf(runnerMap().state);
    ASSERT_FALSE(sameBits(start.bed, end.bed));
    stack()->undo();
    expectSameBits(fieldsOf(runnerMap().state), start, "OpenCL after undo");
    stack()->redo();
    expectSameBits(fieldsOf(runnerMap().state), end, "OpenCL after redo");
}

INSTANTIATE_TEST_SUITE_P(BothLattices, ErosionPeriodTest, ::testing::Values(rb::LatticeKind::Square, rb::LatticeKind::Triangle));

TEST(ErosionPeriodText, TimesAreFormattedByTheirSize)
{
    EXPECT_EQ(rb::commands::ErosionPeriodCommand::describe(0.0, 1.5).toStdString(), "Erosion, t = 0…1.5 s");
    EXPECT_EQ(rb::commands::ErosionPeriodCommand::describe(12.24, 48.0).toStdString(), "Erosion, t = 12.2…48 s");
    EXPECT_EQ(rb::commands::ErosionPeriodCommand::describe(340.4, 7200.0).toStdString(), "Erosion, t = 340…7200 s");
}

TEST(ErosionPeriodBetween, KeepsTheRectangleOfChangedCellsAndNothingWhenNothingChanged)
{
    rb::editor::ErosionState a;
    a.width = 4;
    a.bed.assign(12, 1.0f), a.sediment.assign(12, 0.0f), a.deposition.assign(12, 0.0f), a.bedRemainder.assign(12, 0.0f);
    EXPECT_FALSE(rb::editor::erosionPeriodBetween(a, a).has_value());
    rb::editor::ErosionState b = a;
    b.bed[1 * 4 + 1] = 0.5f;     // (1, 1)
    b.sediment[2 * 4 + 3] = 0.1f; // (3, 2)
    b.time = 2.0;
    const auto period = rb::editor::erosionPeriodBetween(a, b);
    ASSERT_TRUE(period.has_value());
    EXPECT_EQ(period->before.rect, (rb::CellRegion{1, 1, 3, 2}));
    EXPECT_EQ(period->after.bed[0], 0.5f);
    EXPECT_EQ(period->before.bed[0], 1.0f);
    EXPECT_EQ(period->endTime, 2.0);
}

} // namespace
