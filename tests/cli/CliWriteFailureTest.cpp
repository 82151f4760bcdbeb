// What a user sees when the disk refuses: every subcommand that writes a file exits 1 with the
// operating system's reason and leaves the old file byte for byte as it was; reports to a full
// stdout fail the command; a reader that stops early (`| head`) does not stop the map being saved.
// `ulimit -f` stands in for a full disk without root (the command must not die of the SIGXFSZ a
// plain shell lets through: it ignores that signal itself); /dev/full is a full disk for stdout.
#include "CliRun.h"
#include "TestFiles.h"

#include <gtest/gtest.h>

#include <QFile>
#include <QDir>
#include <QJsonObject>
#include <QJsonDocument>
#include <QFileInfo>
#include <QProcess>
#include <QTemporaryDir>

#include <unistd.h>

namespace {

using ShellRun = rb::test::CliRun;

ShellRun runLimited(const QStringList& args, int limitBlocks, const QString& redirect = {})
{
    return rb::test::cliInShell(args, limitBlocks, redirect);
}

using rb::test::readBytes;
using rb::test::writeBytes;

class CliFullDisk : public ::testing::Test {
protected:
    void SetUp() override
    {
        ASSERT_TRUE(dir.isValid());
        map = dir.filePath("source.rbmap");
        const ShellRun demo = runLimited({"demo", "--size", "96", "--steps", "10", "-o", map}, 0);
        ASSERT_EQ(demo.exitCode, 0) << demo.err.toStdString();
        heightmap = dir.filePath("height.npy");
        const ShellRun exported = runLimited({"export", map, "--terrain", heightmap}, 0);
        ASSERT_EQ(exported.exitCode, 0) << exported.err.toStdString();
    }

    // Runs the command with OUT named `out` under a 1 KiB limit and checks the promise.
    void expectOldFileKept(const QString& out, const QStringList& args)
    {
        SCOPED_TRACE(args.join(' ').toStdString());
        const QByteArray old = "an older file of the user's\n";
        writeBytes(out, old);
        const ShellRun run = runLimited(args, 1);
        EXPECT_EQ(run.exitCode, 1) << run.err.toStdString();
        EXPECT_TRUE(run.err.contains("File too large")) << run.err.toStdString();
        EXPECT_TRUE(run.err.contains(QFileInfo(out).fileName())) << run.err.toStdString();
        EXPECT_EQ(readBytes(out), old);
        EXPECT_TRUE(QDir(dir.path()).entryList({"*riverbed-partial*"}, QDir::Files | QDir::Hidden).isEmpty());
    }

    QTemporaryDir dir;
    QString map;
    QString heightmap;
};

TEST_F(CliFullDisk, SimulateKeepsTheOldMap)
{
    const QString out = dir.filePath("out.rbmap");
    expectOldFileKept(out, {"simulate", map, "--steps", "5", "-o", out});
}

TEST_F(CliFullDisk, DemoGenerateAndImportKeepTheOldMap)
{
    const QString out = dir.filePath("out.rbmap");
    expectOldFileKept(out, {"demo", "--size", "96", "--steps", "1", "-o", out});
    expectOldFileKept(out, {"generate", "--preset", "island", "--size", "96", "-o", out});
    expectOldFileKept(out, {"import", heightmap, "--cell-size", "1", "-o", out});
}

TEST_F(CliFullDisk, EveryExportFormatKeepsTheOldFile)
{
    for (const char* extension : {"npy", "png", "r16", "exr", "tif"}) {
        const QString out = dir.filePath(QString("terrain.") + extension);
        expectOldFileKept(out, {"export", map, "--terrain", out});
    }
    const QString engineOut = dir.filePath("unity");
    QDir().mkpath(engineOut);
    expectOldFileKept(engineOut + "/terrain.r16", {"export", map, "--engine", "unity", "--terrain", engineOut + "/terrain.r16"});
}

TEST_F(CliFullDisk, ReportsToAFullStdoutFailTheCommandButTheMapIsWritten)
{
    const QString out = dir.filePath("after.rbmap");
    const ShellRun run = runLimited({"simulate", map, "--steps", "20", "--report-every", "5", "-o", out}, 0, "> /dev/full");
    EXPECT_EQ(run.exitCode, 1);
    EXPECT_TRUE(run.err.contains("standard output")) << run.err.toStdString();
    EXPECT_TRUE(run.err.contains("No space left on device")) << run.err.toStdString();
    EXPECT_TRUE(QFile::exists(out));
    const ShellRun info = runLimited({"info", map}, 0, "> /dev/full");
    EXPECT_EQ(info.exitCode, 1) << info.err.toStdString();
}

TEST_F(CliFullDisk, AReaderThatStopsEarlyDoesNotStopTheSave)
{
    const QString out = dir.filePath("piped.rbmap");
    // `exit ${PIPESTATUS[0]}`: the status of riverbed-cli, not of head.
    const ShellRun run = runLimited({"simulate", map, "--steps", "400", "--report-every", "1", "-o", out}, 0,
                                    "| head -n 2; exit ${PIPESTATUS[0]}");
    EXPECT_EQ(run.exitCode, 0) << run.err.toStdString();
    EXPECT_EQ(run.out.count('\n'), 2);
    EXPECT_TRUE(QFile::exists(out));
    const ShellRun info = runLimited({"info", out}, 0);
    EXPECT_TRUE(info.out.contains("\"steps\":")) << info.out.toStdString();
}

TEST_F(CliFullDisk, TwoLayersNamingOneFileAreRefusedBeforeAnythingIsWritten)
{
    const QString out = dir.filePath("same.png");
    const ShellRun run = runLimited({"export", map, "--terrain", out, "--water-depth", out}, 0);
    EXPECT_EQ(run.exitCode, 2);
    EXPECT_TRUE(run.err.contains("--terrain") && run.err.contains("--water-depth")) << run.err.toStdString();
    EXPECT_FALSE(QFile::exists(out));
}

// Where the output cannot be written, the command says so before the work, not after it (a long
// simulation's steps were lost); a refused call keeps the steps done before it; --fill-to books
// the water it adds.
class CliOutputPaths : public CliFullDisk {};

TEST_F(CliOutputPaths, AnOutputThatCannotBeWrittenIsRefusedBeforeTheWork)
{
    const struct {
        QString out;
        QString reason;
    } cases[] = {
        {dir.filePath("no-such-folder/out.rbmap"), "no-such-folder/out.rbmap: cannot create a file in its folder: No such file or directory"},
        {dir.path(), "is a folder, not a file"},
        {QString(), "no file name given"},
    };
    for (const auto& c : cases)
        for (const QStringList& args : {QStringList{"simulate", map, "--steps", "50", "-o", c.out},
                                        QStringList{"generate", "--preset", "island", "--size", "64", "-o", c.out},
                                        QStringList{"import", heightmap, "--cell-size", "1", "-o", c.out},
                                        QStringList{"demo", "--size", "32", "--steps", "50", "-o", c.out}}) {
            SCOPED_TRACE(args.join(' ').toStdString());
            const ShellRun run = runLimited(args, 0);
            EXPECT_EQ(run.exitCode, 1) << run.err.toStdString();
            EXPECT_TRUE(run.out.isEmpty()) << "no work reported: " << run.out.toStdString();
            EXPECT_TRUE(run.err.contains(c.reason)) << run.err.toStdString();
        }
}

TEST_F(CliOutputPaths, ExportWritesNoLayerWhenOneCannotBeWritten)
{
    const QString surface = dir.filePath("surface.npy");
    const ShellRun run = runLimited({"export", map, "--surface", surface, "--terrain", dir.filePath("no-such-folder/terrain.npy")}, 0);
    EXPECT_EQ(run.exitCode, 1) << run.err.toStdString();
    EXPECT_TRUE(run.err.contains("no-such-folder/terrain.npy: cannot create a file in its folder")) << run.err.toStdString();
    EXPECT_FALSE(QFile::exists(surface));
}

TEST_F(CliOutputPaths, ARefusedCallKeepsTheStepsDoneBeforeIt)
{
    const QString out = dir.filePath("partial.rbmap");
    // A fixed dt = 0.06 s: stable for the still lake (CFL 0.65 under the momentum model), but the
    // dam break's water soon outruns it, and a call is refused part-way.
    const ShellRun run = runLimited({"simulate", map, "--steps", "400", "--dt", "0.06", "--report-every", "10", "-o", out}, 0);
    ASSERT_EQ(run.exitCode, 1) << run.err.toStdString();
    EXPECT_TRUE(run.err.contains("holds the state before the refused call")) << run.err.toStdString();
    const ShellRun info = runLimited({"info", out}, 0);
    ASSERT_EQ(info.exitCode, 0) << info.err.toStdString();
    const QJsonObject before = QJsonDocument::fromJson(runLimited({"info", map}, 0).out.toUtf8()).object();
    const QJsonObject after = QJsonDocument::fromJson(info.out.toUtf8()).object();
    const qint64 done = after["steps"].toInteger() - before["steps"].toInteger();
    EXPECT_GT(done, 0);
    EXPECT_LT(done, 400);
    EXPECT_EQ(done % 10, 0) << "whole calls only";
}

TEST_F(CliOutputPaths, FillToBooksTheWaterItAdds)
{
    const QString out = dir.filePath("filled.rbmap");
    const ShellRun run = runLimited({"simulate", map, "--steps", "5", "--fill-to", "3", "-o", out}, 0);
    ASSERT_EQ(run.exitCode, 0) << run.err.toStdString();
    const QJsonObject before = QJsonDocument::fromJson(runLimited({"info", map}, 0).out.toUtf8()).object();
    const QJsonObject after = QJsonDocument::fromJson(runLimited({"info", out}, 0).out.toUtf8()).object();
    const QJsonObject ledger = after["ledger"].toObject();
    const double added = ledger["edited"].toDouble() - before["ledger"].toObject()["edited"].toDouble();
    EXPECT_GT(added, 0.1 * before["volume"].toDouble()) << "the fill adds water";
    const double in = ledger["boundaryIn"].toDouble() + ledger["rain"].toDouble() + ledger["springs"].toDouble();
    const double out_ = ledger["boundaryOut"].toDouble() + ledger["evaporation"].toDouble() + ledger["drains"].toDouble();
    const double beforeIn = before["ledger"].toObject()["boundaryIn"].toDouble() + before["ledger"].toObject()["rain"].toDouble() +
                            before["ledger"].toObject()["springs"].toDouble();
    const double beforeOut = before["ledger"].toObject()["boundaryOut"].toDouble() + before["ledger"].toObject()["evaporation"].toDouble() +
                             before["ledger"].toObject()["drains"].toDouble();
    const double expected = before["volume"].toDouble() + (in - beforeIn) - (out_ - beforeOut) + added;
    EXPECT_NEAR(after["volume"].toDouble(), expected, 1e-6 * after["volume"].toDouble());
}

// A read-only file is kept, as `cp` keeps it; as root (CI), the check runs as user nobody, from a
// copy of the program in a folder everyone may use.
TEST_F(CliOutputPaths, AReadOnlyFileIsKept)
{
    QTemporaryDir shared;
    ASSERT_TRUE(shared.isValid());
    ASSERT_TRUE(QFile::setPermissions(shared.path(), QFileDevice::Permissions(0x7777)));
    const QString program = shared.filePath("riverbed-cli");
    ASSERT_TRUE(QFile::copy(RIVERBED_CLI_PATH, program));
    const QString source = shared.filePath("source.rbmap");
    ASSERT_TRUE(QFile::copy(map, source));
    ASSERT_TRUE(QFile::setPermissions(source, QFile::ReadOwner | QFile::ReadGroup | QFile::ReadOther));
    const QString out = shared.filePath("kept.rbmap");
    writeBytes(out, "an older file of the user's\n");
    ASSERT_TRUE(QFile::setPermissions(out, QFile::ReadOwner | QFile::ReadGroup | QFile::ReadOther));
    QStringList command{program, "simulate", source, "--steps", "1", "-o", out};
    if (::geteuid() == 0) command = QStringList{"--reuid=65534", "--regid=65534", "--clear-groups"} + command;
    QProcess process;
    process.start(::geteuid() == 0 ? "setpriv" : program, ::geteuid() == 0 ? command : command.mid(1));
    ASSERT_TRUE(process.waitForFinished(120000));
    const QString err = QString::fromUtf8(process.readAllStandardError());
    EXPECT_EQ(process.exitCode(), 1) << err.toStdString();
    EXPECT_TRUE(err.contains("kept.rbmap: is read-only; it is left as it is")) << err.toStdString();
    EXPECT_EQ(readBytes(out), "an older file of the user's\n");
}

} // namespace
