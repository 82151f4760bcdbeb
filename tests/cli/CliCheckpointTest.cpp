// simulate --checkpoint-every in one process, without MPI (issue 31, part 5): checkpoints do not
// change the output, the checkpoint simulated for the steps left gives the uninterrupted run's
// bytes, and a process killed mid-run leaves its previous output as it was and a whole checkpoint.
#include "CliRun.h"

#include "io/map/MapFile.h"
#include "model/Map.h"

#include <gtest/gtest.h>

#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QThread>

namespace rb {
namespace {

using test::cli;

QByteArray bytes(const QString& path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

class CliCheckpoint : public ::testing::Test {
protected:
    void SetUp() override
    {
        ASSERT_TRUE(dir.isValid());
        ASSERT_EQ(cli({"generate", "--preset", "river", "--size", "64x48", "-o", path("in.rbmap")}).exitCode, 0);
    }
    QString path(const QString& name) const { return dir.filePath(name); }
    // The options that change the map: given once, then kept in the checkpoint.
    QStringList simulate(const QString& input, int steps) const
    {
        return {"simulate", input, "--steps", QString::number(steps), "--model", "momentum", "--dt", "auto", "--rain", "1e-5"};
    }

    QTemporaryDir dir;
};

TEST_F(CliCheckpoint, RestartFromTheCheckpointGivesTheUninterruptedRunsBytes)
{
    ASSERT_EQ(cli(simulate(path("in.rbmap"), 40) << "-o" << path("whole.rbmap")).exitCode, 0);
    const test::CliRun cut = cli(simulate(path("in.rbmap"), 40) << "--report-every" << "6" << "--checkpoint-every" << "16" << "-o" << path("cut.rbmap"));
    ASSERT_EQ(cut.exitCode, 0) << cut.err.toStdString();
    EXPECT_EQ(bytes(path("cut.rbmap")), bytes(path("whole.rbmap"))) << "checkpoints changed the output";
    EXPECT_TRUE(cut.err.contains("holds step 32 (32 of the run's 40 steps)")) << cut.err.toStdString();

    QString error;
    const std::optional<Map> checkpoint = io::readMapFile(path("cut.checkpoint.rbmap"), &error);
    ASSERT_TRUE(checkpoint) << error.toStdString();
    EXPECT_EQ(checkpoint->state.steps, 32);
    ASSERT_EQ(cli({"simulate", path("cut.checkpoint.rbmap"), "--steps", "8", "-o", path("resumed.rbmap")}).exitCode, 0);
    EXPECT_EQ(bytes(path("resumed.rbmap")), bytes(path("whole.rbmap"))) << "the checkpoint simulated for the steps left differs";
}

TEST_F(CliCheckpoint, NeedsAnOutputAndAWholeNumber)
{
    const test::CliRun noOutput = cli(simulate(path("in.rbmap"), 4) << "--checkpoint-every" << "2");
    EXPECT_EQ(noOutput.exitCode, 2);
    EXPECT_TRUE(noOutput.err.contains("--checkpoint-every needs -o OUT")) << noOutput.err.toStdString();
    const test::CliRun zero = cli(simulate(path("in.rbmap"), 4) << "--checkpoint-every" << "0" << "-o" << path("x.rbmap"));
    EXPECT_EQ(zero.exitCode, 2);
    EXPECT_FALSE(QFile::exists(path("x.rbmap")));
}

TEST_F(CliCheckpoint, AKilledRunLeavesThePreviousOutputAndAWholeCheckpoint)
{
    QFile old(path("out.rbmap"));
    ASSERT_TRUE(old.open(QIODevice::WriteOnly) && old.write("the previous output") > 0);
    old.close();
    QProcess run;
    run.start(RIVERBED_CLI_PATH, simulate(path("in.rbmap"), 10000000) << "--checkpoint-every" << "10" << "-o" << path("out.rbmap"));
    ASSERT_TRUE(run.waitForStarted());
    for (int i = 0; i < 600 && !QFile::exists(path("out.checkpoint.rbmap")); ++i) QThread::msleep(100);
    ASSERT_TRUE(QFile::exists(path("out.checkpoint.rbmap"))) << "no checkpoint within a minute";
    QThread::msleep(300); // likely in the middle of stepping or of writing the next checkpoint
    run.kill();           // SIGKILL
    ASSERT_TRUE(run.waitForFinished());
    EXPECT_EQ(bytes(path("out.rbmap")), QByteArray("the previous output"));
    QString error;
    const std::optional<Map> checkpoint = io::readMapFile(path("out.checkpoint.rbmap"), &error);
    ASSERT_TRUE(checkpoint) << error.toStdString();
    EXPECT_GT(checkpoint->state.steps, 0);
    EXPECT_EQ(checkpoint->state.steps % 10, 0);
}

} // namespace
} // namespace rb
