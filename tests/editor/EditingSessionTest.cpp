// The editing session's lifetime (issue 16): its jobs are waited for when it is destroyed, so a
// save in progress completes and no result reaches a destroyed object; recovery files are named
// per process, and only those of editors no longer running are offered.
#include "EventLoopWait.h"
#include "session/EditingSession.h"
#include "document/JobTracker.h"
#include "document/MapDocument.h"
#include "document/RecoveryFiles.h"
#include "io/map/MapFile.h"

#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QThread>

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <functional>
#include <thread>

using namespace std::chrono_literals;
using rb::editor::EditingSession;
using rb::editor::JobTracker;
using rb::editor::RecoveryFiles;

using rb::test::processEventsUntil;

namespace {

rb::Map smallLake()
{
    rb::Map map;
    map.state = rb::MapState(rb::Lattice(rb::LatticeKind::Square, 40, 30, 2.0));
    for (int y = 0; y < 30; ++y)
        for (int x = 0; x < 40; ++x) {
            map.state.bed(x, y) = static_cast<float>((x - 20) * (x - 20) + (y - 15) * (y - 15)) * 0.01f;
            map.state.depth(x, y) = std::max(0.0f, 2.0f - map.state.bed(x, y));
        }
    return map;
}

// A session with `map` opened from a file, idle.
std::unique_ptr<EditingSession> sessionWith(const rb::Map& map, const QString& path)
{
    QString error;
    if (!rb::io::writeMapFile(path, map, &error)) ADD_FAILURE() << error.toStdString();
    auto session = std::make_unique<EditingSession>();
    session->open(path);
    if (!processEventsUntil([&] { return session->currentMapId() != 0 && !session->isBusy(); }))
        ADD_FAILURE() << "the map did not open";
    return session;
}

} // namespace

TEST(JobTrackerTest, DestroyingWaitsForRunningJobsAndDropsTheirResults)
{
    auto* tracker = new JobTracker;
    std::atomic<bool> workDone{false};
    bool resultDelivered = false;
    tracker->run<int>(
        "slow", [&workDone] {
            std::this_thread::sleep_for(400ms);
            workDone = true;
            return 1;
        },
        [&resultDelivered](int) { resultDelivered = true; });
    EXPECT_FALSE(tracker->isIdle());
    delete tracker;
    EXPECT_TRUE(workDone);        // waited for
    EXPECT_FALSE(resultDelivered); // nobody left to hand it to
    QCoreApplication::processEvents();
    EXPECT_FALSE(resultDelivered);
}

TEST(JobTrackerTest, IdleAfterTheLastResult)
{
    JobTracker tracker;
    int idles = 0;
    QObject::connect(&tracker, &JobTracker::idle, [&] { ++idles; });
    std::vector<int> results;
    for (int i = 0; i < 3; ++i) tracker.run<int>("job", [i] { return i; }, [&results](int r) { results.push_back(r); });
    ASSERT_TRUE(processEventsUntil([&] { return tracker.isIdle(); }));
    EXPECT_EQ(results.size(), 3u);
    EXPECT_EQ(idles, 1);
}

TEST(EditingSessionTest, DestroyingTheSessionCompletesItsSave)
{
    QTemporaryDir dir;
    const rb::Map lake = smallLake();
    auto session = sessionWith(lake, dir.filePath("lake.rbmap"));
    session->setWriteDelay(600ms); // a slow disk
    const QString path = dir.filePath("saved.rbmap");
    session->saveAs(path);
    // The runner hands over its map; then the write is on the pool, sleeping.
    ASSERT_TRUE(processEventsUntil([&] { return session->jobs()->runningCount() == 1; }));
    EXPECT_FALSE(QFile::exists(path));

    QElapsedTimer timer;
    timer.start();
    session.reset();
    EXPECT_GE(timer.elapsed(), 300); // it waited for the write
    QString error;
    const auto saved = rb::io::readMapFile(path, &error);
    ASSERT_TRUE(saved) << error.toStdString();
    EXPECT_EQ(rb::io::encodeMap(*saved), rb::io::encodeMap(lake));
}

TEST(EditingSessionTest, ALaterMapReplacesAnEarlierOneStillLoading)
{
    QTemporaryDir dir;
    auto session = sessionWith(smallLake(), dir.filePath("lake.rbmap"));
    rb::Map other = smallLake();
    other.state.bed(0, 0) = 7.0f;
    QString error;
    ASSERT_TRUE(rb::io::writeMapFile(dir.filePath("other.rbmap"), other, &error));
    rb::gen::GeneratorSettings settings(rb::gen::Preset::Island);
    settings.common.width = settings.common.height = 128;
    session->generate(settings);              // slower than reading a small file
    session->open(dir.filePath("other.rbmap")); // asked later: wins
    ASSERT_TRUE(processEventsUntil([&] { return !session->isBusy(); }));
    EXPECT_EQ(session->document()->map().state.bed(0, 0), 7.0f);
    EXPECT_EQ(session->document()->fileName(), dir.filePath("other.rbmap"));
}

// Files of a live editor (this test binary, started again to sleep) are not offered; those of a
// process that is gone, or of a PID now used by another program, are, newest first.
TEST(RecoveryFilesTest, OnlyFilesOfEditorsNoLongerRunningAreOrphans)
{
    QTemporaryDir dir;
    const RecoveryFiles files(dir.path());
    const rb::Map map = smallLake();

    QProcess sibling; // the same program, still running
    sibling.start(QCoreApplication::applicationFilePath(), {"--sleep"});
    ASSERT_TRUE(sibling.waitForStarted());
    QProcess other; // another program, still running
    other.start("sleep", {"30"});
    ASSERT_TRUE(other.waitForStarted());
    QProcess gone;
    gone.start("true");
    ASSERT_TRUE(gone.waitForStarted());
    const qint64 siblingPid = sibling.processId(), otherPid = other.processId(), gonePid = gone.processId();
    ASSERT_TRUE(gone.waitForFinished()); // and reaped

    const auto writeAs = [&](qint64 pid, int minutesAgo) {
        rb::editor::RecoveryInfo info;
        info.documentName = QString("map%1").arg(pid);
        info.savedAt = QDateTime::currentDateTime().addSecs(-60 * minutesAgo);
        info.writerPid = pid;
        QString error;
        ASSERT_TRUE(rb::io::writeMapFile(dir.filePath(QString("recovery-%1.rbmap").arg(pid)), map, &error));
        QFile note(dir.filePath(QString("recovery-%1.json").arg(pid)));
        ASSERT_TRUE(note.open(QIODevice::WriteOnly));
        note.write(QString(R"({"document": "%1", "saved": "%2", "pid": %3})")
                       .arg(info.documentName, info.savedAt.toString(Qt::ISODateWithMs))
                       .arg(pid)
                       .toUtf8());
    };
    writeAs(siblingPid, 1);
    writeAs(otherPid, 5);
    writeAs(gonePid, 2);

    const auto orphans = files.orphans();
    sibling.kill();
    other.kill();
    sibling.waitForFinished();
    other.waitForFinished();
    ASSERT_EQ(orphans.size(), 2u);
    EXPECT_EQ(orphans[0].pid, gonePid); // newest first
    EXPECT_EQ(orphans[1].pid, otherPid);
    EXPECT_EQ(orphans[0].info.documentName, QString("map%1").arg(gonePid));

    // Claimed, an orphan becomes this process's file; discarded, it is gone.
    const auto mine = files.claim(orphans[0]);
    ASSERT_TRUE(mine);
    EXPECT_EQ(mine->mapPath, files.mapPath());
    EXPECT_TRUE(QFile::exists(files.mapPath()));
    EXPECT_FALSE(QFile::exists(orphans[0].mapPath));
    RecoveryFiles::discard(orphans[1]);
    EXPECT_FALSE(QFile::exists(orphans[1].mapPath));
    files.remove();
    EXPECT_EQ(QDir(dir.path()).entryList(QDir::Files),
              QStringList({QString("recovery-%1.json").arg(siblingPid), QString("recovery-%1.rbmap").arg(siblingPid)}));
}

int main(int argc, char** argv)
{
    if (argc > 1 && std::string(argv[1]) == "--sleep") { // a second editor-like process for the test above
        std::this_thread::sleep_for(30s);
        return 0;
    }
    QCoreApplication app(argc, argv);
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName("RiverbedEditorTests");
    QCoreApplication::setApplicationName("RiverbedEditorTests");
    testing::InitGoogleTest(&argc, argv);
    return RUN_ALL_TESTS();
}
