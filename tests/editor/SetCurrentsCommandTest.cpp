// "Solve currents" and "Clear currents" (issue 13) as undo steps: undo and redo put the stored
// current back bit for bit in the document's map and in the running simulation, whose states
// carry it (a change in the document alone would be overwritten by the next snapshot).
#include "EventLoopWait.h"
#include "commands/CommandIds.h"
#include "commands/SetCurrentsCommand.h"
#include "document/CurrentsJob.h"
#include "session/EditingSession.h"
#include "document/MapDocument.h"
#include "document/SameBits.h"
#include "document/SimulationRunner.h"
#include "io/map/MapFile.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QTemporaryDir>
#include <QThread>

#include <gtest/gtest.h>

#include <cmath>
#include <functional>
#include <memory>

using rb::StoredCurrents;
using rb::editor::sameBits;
using rb::editor::EditingSession;

using rb::test::processEventsUntil;

namespace {

// A bay 2 m deep with a headland in the middle of its south shore.
rb::Map bay()
{
    rb::Map map;
    map.state = rb::MapState(rb::Lattice(rb::LatticeKind::Square, 48, 32, 4.0));
    for (int y = 0; y < 32; ++y)
        for (int x = 0; x < 48; ++x) {
            const bool headland = y > 20 && std::abs(x - 24) < 5;
            map.state.bed(x, y) = headland ? 1.0f : -2.0f;
            map.state.depth(x, y) = headland ? 0.0f : 2.0f;
        }
    return map;
}

// The current a solve of the bay gives, as the Currents dock would store it.
StoredCurrents solvedCurrents(const rb::MapState& water)
{
    rb::CurrentsSettings settings;
    settings.sideSpeed[static_cast<std::size_t>(rb::Side::West)] = 0.3;
    settings.sideSpeed[static_cast<std::size_t>(rb::Side::East)] = -0.3;
    settings.maxIterations = 5;
    rb::editor::CurrentsJob job(settings);
    rb::editor::CurrentsOutcome outcome = job.run(water);
    EXPECT_TRUE(outcome.ok()) << outcome.error;
    return outcome.fields;
}

class SetCurrentsCommandTest : public ::testing::Test {
protected:
    void SetUp() override
    {
        ASSERT_TRUE(dir_.isValid());
        const QString path = dir_.filePath("bay.rbmap");
        QString error;
        ASSERT_TRUE(rb::io::writeMapFile(path, bay(), &error)) << error.toStdString();
        session_ = std::make_unique<EditingSession>();
        session_->open(path);
        ASSERT_TRUE(processEventsUntil([&] { return session_->currentMapId() != 0 && !session_->isBusy(); }));
    }

    // The simulation's state as a save would write it.
    StoredCurrents runnerCurrents()
    {
        std::optional<rb::Map> map;
        session_->runner()->requestMap([&](rb::Map m) { map = std::move(m); });
        EXPECT_TRUE(processEventsUntil([&] { return map.has_value(); }));
        return map ? currentsOf(map->state) : StoredCurrents{};
    }

    QTemporaryDir dir_;
    std::unique_ptr<EditingSession> session_;
};

TEST_F(SetCurrentsCommandTest, UndoAndRedoRestoreTheCurrentsBitwiseInTheDocumentAndTheSimulation)
{
    rb::editor::MapDocument* document = session_->document();
    ASSERT_FALSE(document->hasCurrents());
    const StoredCurrents solved = solvedCurrents(document->map().state);
    ASSERT_EQ(solved.cells.size(), 2u);
    ASSERT_FALSE(solved.flows.empty());

    int changes = 0;
    QObject::connect(document, &rb::editor::MapDocument::currentsChanged, [&] { ++changes; });
    auto* command = new rb::commands::SetCurrentsCommand(document, document->currents(), solved, "Solve currents");
    EXPECT_EQ(command->id(), rb::commands::SetCurrentsId);
    document->undoStack()->push(command); // redo() runs
    EXPECT_EQ(changes, 1);
    EXPECT_TRUE(sameBits(document->currents(), solved));
    EXPECT_TRUE(sameBits(runnerCurrents(), solved));
    EXPECT_EQ(document->undoStack()->undoText(), "Solve currents");

    document->undoStack()->undo();
    EXPECT_FALSE(document->hasCurrents());
    EXPECT_TRUE(document->currents().flows.empty());
    const StoredCurrents afterUndo = runnerCurrents();
    EXPECT_TRUE(afterUndo.cells.empty());
    EXPECT_TRUE(afterUndo.flows.empty());

    document->undoStack()->redo();
    EXPECT_TRUE(sameBits(document->currents(), solved));
    EXPECT_TRUE(sameBits(runnerCurrents(), solved));
    EXPECT_EQ(changes, 3);
}

TEST_F(SetCurrentsCommandTest, ClearIsOneUndoStepThatGivesTheCurrentsBack)
{
    rb::editor::MapDocument* document = session_->document();
    const StoredCurrents solved = solvedCurrents(document->map().state);
    document->undoStack()->push(new rb::commands::SetCurrentsCommand(document, document->currents(), solved, "Solve currents"));
    const int steps = document->undoStack()->count();

    session_->clearCurrents();
    EXPECT_EQ(document->undoStack()->count(), steps + 1);
    EXPECT_EQ(document->undoStack()->undoText(), "Clear currents");
    EXPECT_FALSE(document->hasCurrents());
    EXPECT_TRUE(runnerCurrents().empty());

    session_->clearCurrents(); // nothing left to clear: no empty undo step
    EXPECT_EQ(document->undoStack()->count(), steps + 1);

    document->undoStack()->undo();
    EXPECT_TRUE(sameBits(document->currents(), solved));
    EXPECT_TRUE(sameBits(runnerCurrents(), solved));
}

TEST_F(SetCurrentsCommandTest, ASolveThroughTheSessionStoresOneUndoStep)
{
    rb::editor::MapDocument* document = session_->document();
    rb::CurrentsSettings settings;
    settings.sideSpeed[static_cast<std::size_t>(rb::Side::West)] = 0.3;
    settings.sideSpeed[static_cast<std::size_t>(rb::Side::East)] = -0.3;
    settings.maxIterations = 5;
    std::optional<rb::editor::CurrentsOutcome> finished;
    int progressReports = 0;
    QObject::connect(session_.get(), &EditingSession::currentsProgress, [&] { ++progressReports; });
    QObject::connect(session_.get(), &EditingSession::currentsFinished, [&](const rb::editor::CurrentsOutcome& o) { finished = o; });
    session_->solveCurrents(settings);
    EXPECT_TRUE(session_->isSolvingCurrents());
    ASSERT_TRUE(processEventsUntil([&] { return finished.has_value(); }));
    EXPECT_FALSE(session_->isSolvingCurrents());
    ASSERT_TRUE(finished->ok()) << finished->error;
    EXPECT_EQ(progressReports, finished->report.iterations);
    EXPECT_EQ(document->undoStack()->count(), 1);
    EXPECT_TRUE(sameBits(document->currents(), finished->fields));
    // The same water gives the same current.
    EXPECT_TRUE(sameBits(document->currents(), solvedCurrents(document->map().state)));
}

} // namespace
