// Several files replaced together or not at all (FileSetTransaction): a failure on the last file
// keeps every earlier one as it was and leaves no staging file; a commit replaces them all; a
// layer's raster and sidecar written inside a larger transaction wait for its commit.
#include "FileSizeLimit.h"
#include "TestFiles.h"
#include "TestMaps.h"

#include "io/export/LayerExport.h"
#include "io/raster/Sidecar.h"
#include "io/transaction/AtomicFile.h"
#include "io/transaction/FileSetTransaction.h"
#include "io/transaction/FolderTidy.h"

#include <gtest/gtest.h>

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSysInfo>
#include <QTemporaryDir>

#include <sys/wait.h>
#include <unistd.h>

namespace rb::io {
namespace {

QStringList leftovers(const QString& folder)
{
    return QDir(folder).entryList({"*riverbed-partial*", ".riverbed-commit-*"}, QDir::Files | QDir::Hidden);
}

TEST(FileSetTransaction, AFailingLastFileKeepsTheEarlierOnesAsTheyWere)
{
    QTemporaryDir dir;
    const QString first = dir.filePath("first.bin"), second = dir.filePath("second.bin");
    test::writeBytes(first, "old first");
    test::writeBytes(second, "old second");
    QString error;
    {
        FileSetTransaction transaction;
        ASSERT_TRUE(writeFileAtomically(first, QByteArray(100, 'a'), &error)) << error.toStdString();
        EXPECT_EQ(test::readBytes(first), "old first") << "a staged file waits for the commit";
        test::FileSizeLimit limit(1024);
        EXPECT_FALSE(writeFileAtomically(second, QByteArray(4096, 'b'), &error));
    } // no commit: rolled back
    EXPECT_TRUE(error.contains("File too large")) << error.toStdString();
    EXPECT_EQ(test::readBytes(first), "old first");
    EXPECT_EQ(test::readBytes(second), "old second");
    EXPECT_TRUE(leftovers(dir.path()).isEmpty()) << leftovers(dir.path()).join(' ').toStdString();
}

TEST(FileSetTransaction, ACommitReplacesEveryFileAndLeavesNoJournal)
{
    QTemporaryDir dir;
    const QString first = dir.filePath("first.bin"), second = dir.filePath("sub/second.bin");
    ASSERT_TRUE(QDir().mkpath(dir.filePath("sub")));
    test::writeBytes(first, "old first");
    QString error;
    FileSetTransaction transaction;
    ASSERT_TRUE(writeFileAtomically(first, "new first", &error));
    ASSERT_TRUE(writeFileAtomically(second, "new second", &error));
    EXPECT_FALSE(QFile::exists(second));
    ASSERT_TRUE(transaction.commit(&error)) << error.toStdString();
    EXPECT_EQ(test::readBytes(first), "new first");
    EXPECT_EQ(test::readBytes(second), "new second");
    EXPECT_TRUE(leftovers(dir.path()).isEmpty() && leftovers(dir.filePath("sub")).isEmpty());
    EXPECT_EQ(FileSetTransaction::current(), nullptr);
}

// The finding: with little space left the raster was replaced and its sidecar was not, and the
// pair read back off by the difference of the two height ranges. A sidecar larger than the file-size
// limit (long notes) beside a raster that fits it: the old pair stays, byte for byte.
TEST(FileSetTransaction, ARasterStaysWithItsOldSidecarWhenTheNewSidecarCannotBeWritten)
{
    QTemporaryDir dir;
    ExportImage image;
    image.layer = "terrain";
    image.channels = {FloatField(4, 4)};
    image.channelNames = {"R"};
    image.levels = image.meaning = {0.0, 130.0};
    image.notes["units"] = QString(8192, 'm');
    for (const char* extension : {"r16", "png"}) {
        SCOPED_TRACE(extension);
        const QString raster = dir.filePath(QString("t.") + extension);
        test::writeBytes(raster, "old raster");
        test::writeBytes(sidecarPath(raster), "old sidecar");
        QString error;
        {
            test::FileSizeLimit limit(4096); // the raster fits, its sidecar does not
            EXPECT_FALSE(writeExportImage(image, raster, true, &error));
        }
        EXPECT_TRUE(error.contains(sidecarPath(raster)) && error.contains("File too large")) << error.toStdString();
        EXPECT_EQ(test::readBytes(raster), "old raster");
        EXPECT_EQ(test::readBytes(sidecarPath(raster)), "old sidecar");
        EXPECT_TRUE(leftovers(dir.path()).isEmpty()) << leftovers(dir.path()).join(' ').toStdString();
    }
}

// A layer's own transaction joins the caller's: its raster and sidecar wait for the outer commit.
TEST(FileSetTransaction, ALayerInsideALargerTransactionWaitsForItsCommit)
{
    QTemporaryDir dir;
    const QString raster = dir.filePath("terrain.png");
    const MapState state = test::randomMap(LatticeKind::Square, 20, 20, 3).state;
    QString error;
    {
        FileSetTransaction transaction;
        ASSERT_TRUE(exportLayer(state, Layer::Terrain, raster, &error)) << error.toStdString();
        EXPECT_FALSE(QFile::exists(raster));
        EXPECT_FALSE(QFile::exists(sidecarPath(raster)));
    }
    EXPECT_FALSE(QFile::exists(raster)) << "rolled back with the outer transaction";
    EXPECT_TRUE(leftovers(dir.path()).isEmpty()) << leftovers(dir.path()).join(' ').toStdString();
    ASSERT_TRUE(exportLayer(state, Layer::Terrain, raster, &error)) << error.toStdString();
    EXPECT_TRUE(QFile::exists(raster) && QFile::exists(sidecarPath(raster)));
}

// A commit stopped between its renames (here: a folder put in the way of the second target after it
// was staged, in a child process that then exits, as a run stopped by a loss of power would be
// gone) leaves its own journal; the next write into the folder completes it from that journal.
TEST(FileSetTransaction, ACommitStoppedBetweenItsRenamesIsCompletedByTheNextRun)
{
    QTemporaryDir dir;
    const QString first = dir.filePath("first.bin"), second = dir.filePath("second.bin");
    test::writeBytes(first, "old first");
    test::writeBytes(second, "old second");
    const pid_t child = ::fork();
    if (child == 0) {
        FileSetTransaction transaction;
        QString error;
        if (!writeFileAtomically(first, "new first", &error) || !writeFileAtomically(second, "new second", &error)) ::_exit(3);
        if (!QFile::remove(second) || !QDir().mkdir(second)) ::_exit(4);
        const bool committed = transaction.commit(&error);
        ::_exit(!committed && error.contains("1 of 2 files were replaced") ? 0 : 2);
    }
    int status = -1;
    ASSERT_EQ(::waitpid(child, &status, 0), child);
    ASSERT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0) << status;
    EXPECT_EQ(test::readBytes(first), "new first");
    ASSERT_EQ(leftovers(dir.path()).size(), 2) << "the journal and the staged second file";

    ASSERT_TRUE(QDir().rmdir(second)); // the obstacle gone, the next run writes into the folder
    const FolderTidyReport report = tidyFolder(dir.path());
    ASSERT_EQ(report.notes.size(), 1);
    EXPECT_TRUE(report.notes.front().contains("put in place " + second)) << report.notes.front().toStdString();
    EXPECT_EQ(test::readBytes(second), "new second");
    EXPECT_TRUE(leftovers(dir.path()).isEmpty()) << leftovers(dir.path()).join(' ').toStdString();
}

// A commit over two folders stopped while writing its journals: folder A got its journal, folder B
// not yet, and a run into B already took B's staged file for a killed run's. A's journal then sees
// B's missing and removes A's staged file too, so both targets stay old instead of becoming a mix.
TEST(FileSetTransaction, ACommitStoppedBeforeItsFirstRenameLeavesEveryTargetOld)
{
    QTemporaryDir dir;
    ASSERT_TRUE(QDir().mkpath(dir.filePath("a")) && QDir().mkpath(dir.filePath("b")));
    const QString target = dir.filePath("a/t.r16"), staged = dir.filePath("a/.t.r16.riverbed-partial-999999999");
    const QString journal = dir.filePath("a/.riverbed-commit-999999999.journal");
    test::writeBytes(target, "old");
    test::writeBytes(staged, "new");
    const QJsonObject steps{{"steps", QJsonArray{QJsonObject{{"from", staged}, {"to", target}},
                                                 QJsonObject{{"from", dir.filePath("b/.g.glb.riverbed-partial-999999999")},
                                                             {"to", dir.filePath("b/g.glb")}}}},
                            {"journals", QJsonArray{journal, dir.filePath("b/.riverbed-commit-999999999.journal")}}};
    test::writeBytes(journal, QJsonDocument(steps).toJson());
    const FolderTidyReport report = tidyFolder(dir.filePath("a"));
    ASSERT_EQ(report.notes.size(), 1);
    EXPECT_TRUE(report.notes.front().contains("before its first rename")) << report.notes.front().toStdString();
    EXPECT_EQ(test::readBytes(target), "old");
    EXPECT_TRUE(leftovers(dir.filePath("a")).isEmpty()) << leftovers(dir.filePath("a")).join(' ').toStdString();
}

// A journal is a file anyone with the folder could put there (an unpacked archive): its replay
// moves only its owner's staging files into place beside them, and removes nothing else it names.
TEST(FileSetTransaction, AForgedJournalMovesOrRemovesNoneOfTheUsersFiles)
{
    QTemporaryDir dir;
    ASSERT_TRUE(QDir().mkpath(dir.filePath("elsewhere")));
    const QString mine = dir.filePath("notes.txt"), precious = dir.filePath("elsewhere/precious.txt");
    const QString journal = dir.filePath(".riverbed-commit-999999999.journal");
    test::writeBytes(mine, "mine");
    test::writeBytes(precious, "precious");
    const QJsonObject forged{{"steps", QJsonArray{QJsonObject{{"from", mine}, {"to", dir.filePath("elsewhere/moved.txt")}},
                                                  QJsonObject{{"from", ""}, {"to", precious}}}},
                             {"journals", QJsonArray{journal, precious}}};
    test::writeBytes(journal, QJsonDocument(forged).toJson());
    tidyFolder(dir.path());
    EXPECT_EQ(test::readBytes(mine), "mine");
    EXPECT_EQ(test::readBytes(precious), "precious");
    EXPECT_FALSE(QFile::exists(dir.filePath("elsewhere/moved.txt")));
    EXPECT_FALSE(QFile::exists(journal));
}

// What the editor calls at start on its autosave folder: a dead owner's staging file goes, a live
// one's and another host's (which this host cannot judge) stay, and a user's look-alike name too.
TEST(FolderTidy, RemovesOnlyTheLeftoversOfOwnersThatAreGone)
{
    QTemporaryDir dir;
    const QString host = QSysInfo::machineHostName().replace('/', '_').replace('.', '_');
    const QString dead = dir.filePath(".recovery-1.rbmap.riverbed-partial-999999999");
    const QString live = dir.filePath(QString(".recovery-2.rbmap.riverbed-partial-%1").arg(getppid()));
    const QString otherHost = dir.filePath(".a.png.riverbed-partial-999999999.00000000.elsewhere");
    const QString otherBoot = dir.filePath(QString(".b.png.riverbed-partial-%1.00000000.%2").arg(getpid()).arg(host));
    const QString lookalike = dir.filePath(".notes.riverbed-partial-draft");
    for (const QString& path : {dead, live, otherHost, otherBoot, lookalike}) test::writeBytes(path, "x");
    EXPECT_EQ(tidyFolder(dir.path()).removed, 2);
    EXPECT_FALSE(QFile::exists(dead));
    EXPECT_FALSE(QFile::exists(otherBoot));
    EXPECT_TRUE(QFile::exists(live) && QFile::exists(otherHost) && QFile::exists(lookalike));
}

} // namespace
} // namespace rb::io
