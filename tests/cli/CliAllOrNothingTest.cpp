// Issue 33: an export that writes several files replaces all of them or none. A raster and its
// sidecar, layers beside a glTF, stay a matching set when one file cannot be written; a killed
// run's staging files go with the next export into their folder; a commit stopped between its
// renames (a loss of power) is completed by the next export there, which says so.
#include "CliRun.h"
#include "TestFiles.h"

#include <gtest/gtest.h>

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSysInfo>
#include <QTemporaryDir>

#include <map>
#include <unistd.h>

namespace {

using rb::test::cli;
using rb::test::cliInShell;
using rb::test::changedFiles;
using rb::test::CliRun;
using rb::test::snapshot;

using rb::test::readBytes;
using rb::test::writeBytes;

QStringList leftovers(const QString& folder)
{
    return QDir(folder).entryList({"*riverbed-partial*", ".riverbed-commit-*", ".riverbed-bundle-*"},
                                  QDir::AllEntries | QDir::Hidden | QDir::System | QDir::NoDotAndDotDot);
}

class CliAllOrNothing : public ::testing::Test {
protected:
    void SetUp() override
    {
        ASSERT_TRUE(dir.isValid());
        ASSERT_TRUE(QDir().mkpath(dir.filePath("out")));
        out = dir.filePath("out");
        // Two maps of different sizes: their exports differ in every file.
        for (const auto& [path, size] : {std::pair{&oldMap, "64"}, std::pair{&newMap, "96"}}) {
            *path = dir.filePath(QString("map-%1.rbmap").arg(size));
            const CliRun demo = cli({"demo", "--size", size, "--steps", "10", "-o", *path});
            ASSERT_EQ(demo.exitCode, 0) << demo.err.toStdString();
        }
    }

    QString in(const QString& name) const { return QDir(out).filePath(name); }

    QTemporaryDir dir;
    QString out, oldMap, newMap;
};

// The finding: the raster was replaced before its sidecar failed, and re-importing read the new
// raster with the old height range.
TEST_F(CliAllOrNothing, ARasterIsNotReplacedWhenItsSidecarCannotBe)
{
    for (const char* extension : {"r16", "png"}) {
        SCOPED_TRACE(extension);
        const QString raster = in(QString("t.") + extension);
        const CliRun first = cli({"export", oldMap, "--terrain", raster});
        ASSERT_EQ(first.exitCode, 0) << first.err.toStdString();
        ASSERT_TRUE(QFile::remove(raster + ".json"));
        ASSERT_TRUE(QDir().mkdir(raster + ".json")); // in the way of the sidecar
        const std::map<QString, QByteArray> before = snapshot(out);

        const CliRun run = cli({"export", newMap, "--terrain", raster});
        EXPECT_EQ(run.exitCode, 1) << run.err.toStdString();
        EXPECT_TRUE(run.err.contains(raster + ".json")) << run.err.toStdString();
        EXPECT_EQ(changedFiles(before, snapshot(out)), "") << "the old raster is kept when its sidecar cannot be written";
        EXPECT_TRUE(leftovers(out).isEmpty()) << leftovers(out).join(' ').toStdString();
        ASSERT_TRUE(QDir(raster + ".json").removeRecursively());
    }
}

// The finding: under `ulimit -f 100` the glTF failed, but the heightmap and its sidecar written
// before it had already replaced the old ones.
TEST_F(CliAllOrNothing, LayersAreNotReplacedWhenTheGltfBesideThemFails)
{
    const QStringList outputs{"--terrain", in("t.r16"), "--gltf", in("g.glb"), "--rivers", in("r.json"), "--splat", in("s.png")};
    const CliRun first = cli(QStringList{"export", oldMap} + outputs);
    ASSERT_EQ(first.exitCode, 0) << first.err.toStdString();
    const std::map<QString, QByteArray> before = snapshot(out);
    ASSERT_EQ(before.size(), 5u); // the four files and the heightmap's sidecar

    const CliRun run = cliInShell(QStringList{"export", newMap} + outputs, 100);
    EXPECT_EQ(run.exitCode, 1) << run.err.toStdString();
    EXPECT_TRUE(run.err.contains("g.glb") && run.err.contains("File too large")) << run.err.toStdString();
    EXPECT_EQ(changedFiles(before, snapshot(out)), "") << "no old file changes when one of the set cannot be written";
    EXPECT_TRUE(leftovers(out).isEmpty()) << leftovers(out).join(' ').toStdString();

    // Without the limit the same command replaces every one of them.
    const CliRun again = cli(QStringList{"export", newMap} + outputs);
    ASSERT_EQ(again.exitCode, 0) << again.err.toStdString();
    EXPECT_EQ(changedFiles(before, snapshot(out)), "g.glb r.json s.png t.r16 t.r16.json");
}

// A staging file is the next export's to remove when its owner is gone: a PID that no longer runs,
// or one written before the last reboot; a running process's (this test's) stays.
TEST_F(CliAllOrNothing, AKilledRunsStagingFilesGoWithTheNextExportIntoTheFolder)
{
    const QString host = QSysInfo::machineHostName().replace('/', '_').replace('.', '_');
    const QString deadPid = in(".other.png.riverbed-partial-999999999"); // beyond any pid_max
    const QString otherBoot = in(QString(".map.rbmap.riverbed-partial-%1.00000000.%2").arg(getpid()).arg(host));
    const QString live = in(QString(".other.png.riverbed-partial-%1").arg(getpid()));
    const QString deadBundle = in(".riverbed-bundle-999999999");
    for (const QString& path : {deadPid, otherBoot, live}) writeBytes(path, QByteArray(1 << 20, 'x'));
    ASSERT_TRUE(QDir().mkpath(deadBundle));

    const CliRun run = cli({"export", newMap, "--terrain", in("t.npy")});
    ASSERT_EQ(run.exitCode, 0) << run.err.toStdString();
    EXPECT_FALSE(QFile::exists(deadPid));
    EXPECT_FALSE(QFile::exists(otherBoot)) << "a boot id other than this boot's: written before a reboot";
    EXPECT_FALSE(QFile::exists(deadBundle));
    EXPECT_TRUE(QFile::exists(live)) << "a running process's staging file is left alone";
}

// What a commit stopped by a loss of power after its first rename leaves: the journal, the file
// it renamed and the staged file it had yet to rename. The next export into the folder completes it.
TEST_F(CliAllOrNothing, AnInterruptedCommitIsCompletedByTheNextExportAndReported)
{
    const QString staged = in(".t.r16.riverbed-partial-999999999");
    const QString journal = in(".riverbed-commit-999999999.journal");
    writeBytes(in("t.r16"), "old raster");
    writeBytes(in("t.r16.json"), "new sidecar"); // renamed before the stop
    writeBytes(staged, "new raster");
    const QJsonObject steps{{"steps", QJsonArray{QJsonObject{{"from", in(".t.r16.json.riverbed-partial-999999999")}, {"to", in("t.r16.json")}},
                                                 QJsonObject{{"from", staged}, {"to", in("t.r16")}}}},
                            {"journals", QJsonArray{journal}}};
    writeBytes(journal, QJsonDocument(steps).toJson());

    const CliRun run = cli({"export", newMap, "--mask", in("mask.png")});
    ASSERT_EQ(run.exitCode, 0) << run.err.toStdString();
    EXPECT_EQ(readBytes(in("t.r16")), "new raster");
    EXPECT_EQ(readBytes(in("t.r16.json")), "new sidecar");
    EXPECT_TRUE(leftovers(out).isEmpty()) << leftovers(out).join(' ').toStdString();
    EXPECT_TRUE(run.err.contains("completed an export interrupted")) << run.err.toStdString();
    EXPECT_TRUE(run.err.contains(in("t.r16"))) << run.err.toStdString();
}

// The same interrupted commit in a folder that an engine bundle is then written into (forced: the
// completed files are not the bundle's): completed and said, as for layer files.
TEST_F(CliAllOrNothing, AnInterruptedCommitInABundleFolderIsCompletedAndReported)
{
    const QString staged = in(".t.r16.riverbed-partial-999999999");
    const QString journal = in(".riverbed-commit-999999999.journal");
    writeBytes(in("t.r16"), "old raster");
    writeBytes(staged, "new raster");
    const QJsonObject steps{{"steps", QJsonArray{QJsonObject{{"from", staged}, {"to", in("t.r16")}}}}, {"journals", QJsonArray{journal}}};
    writeBytes(journal, QJsonDocument(steps).toJson());

    const CliRun run = cli({"export", newMap, "--bundle", out, "--engine", "godot", "--force"});
    ASSERT_EQ(run.exitCode, 0) << run.err.toStdString();
    EXPECT_EQ(readBytes(in("t.r16")), "new raster");
    EXPECT_TRUE(leftovers(out).isEmpty()) << leftovers(out).join(' ').toStdString();
    EXPECT_TRUE(run.err.contains("completed an export interrupted")) << run.err.toStdString();
}

} // namespace
