// What a user sees when the disk refuses: every subcommand that writes a file exits 1 with the
// operating system's reason and leaves the old file byte for byte as it was; reports to a full
// stdout fail the command; a reader that stops early (`| head`) does not stop the map being saved.
// `ulimit -f` stands in for a full disk without root (the command must not die of the SIGXFSZ a
// plain shell lets through: it ignores that signal itself); /dev/full is a full disk for stdout.
#include <gtest/gtest.h>

#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QTemporaryDir>

namespace {

struct ShellRun {
    int exitCode = -1;
    QString out;
    QString err;
};

// Runs `riverbed-cli ARGS` through bash with a file-size limit of `limitBlocks` × 1024 bytes
// (0: none) and the rest of `redirect` appended to the command line.
ShellRun runLimited(const QStringList& args, int limitBlocks, const QString& redirect = {})
{
    QString command;
    if (limitBlocks > 0) command += QString("ulimit -f %1; ").arg(limitBlocks);
    command += "\"$0\"";
    for (int i = 0; i < args.size(); ++i) command += QString(" \"${%1}\"").arg(i + 1);
    command += " " + redirect;
    QProcess process;
    process.start("bash", QStringList{"-c", command, RIVERBED_CLI_PATH} + args);
    process.waitForFinished(120000);
    return {process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1, QString::fromUtf8(process.readAllStandardOutput()),
            QString::fromUtf8(process.readAllStandardError())};
}

QByteArray contentsOf(const QString& path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

void writePlain(const QString& path, const QByteArray& bytes)
{
    QFile file(path);
    ASSERT_TRUE(file.open(QIODevice::WriteOnly | QIODevice::Truncate));
    ASSERT_EQ(file.write(bytes), bytes.size());
}

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
        writePlain(out, old);
        const ShellRun run = runLimited(args, 1);
        EXPECT_EQ(run.exitCode, 1) << run.err.toStdString();
        EXPECT_TRUE(run.err.contains("File too large")) << run.err.toStdString();
        EXPECT_TRUE(run.err.contains(QFileInfo(out).fileName())) << run.err.toStdString();
        EXPECT_EQ(contentsOf(out), old);
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

} // namespace
