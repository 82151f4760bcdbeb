// Every writer leaves the old file byte for byte as it was when the disk refuses the new one (a
// file-size limit, as `ulimit -f` sets, with SIGXFSZ ignored, stands in for a full disk: the
// write fails the same way, with EFBIG instead of ENOSPC), reports the system's reason, and a
// save killed between writing and renaming leaves nothing the next save does not clean up.
#include "FileSizeLimit.h"
#include "TestFiles.h"
#include "TestMaps.h"

#include "io/export/LayerExport.h"
#include "io/map/MapFile.h"
#include "io/raster/RasterWriter.h"
#include "io/transaction/AtomicFile.h"

#include <gtest/gtest.h>

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>

#include <csignal>
#include <cstdio>
#include <functional>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

namespace rb::io {
namespace {

const QByteArray kOldContents = "the designer's previous file, which must survive\n";

QStringList stagingFiles(const QString& folder)
{
    return QDir(folder).entryList({"*riverbed-partial*"}, QDir::Files | QDir::Hidden);
}

using Writer = std::function<bool(const QString& path, QString* error)>;

struct WriterCase {
    QString fileName; // exports pick their format by the extension
    Writer write;
};

const Map& sampleMap()
{
    static const Map map = test::randomMap(LatticeKind::Square, 96, 80, 7);
    return map;
}

std::vector<WriterCase> everyWriter()
{
    std::vector<WriterCase> cases{
        {"map.rbmap", [](const QString& path, QString* error) { return writeMapFile(path, sampleMap(), error); }},
        {"bytes.bin", [](const QString& path, QString* error) { return writeFileAtomically(path, QByteArray(200000, 'x'), error); }},
    };
    for (const RasterFormat& format : rasterFormats())
        cases.push_back({"layer." + format.extension, [](const QString& path, QString* error) {
                             return exportLayer(sampleMap().state, Layer::Terrain, path, ExportSettings{}, error).has_value();
                         }});
    return cases;
}

TEST(AtomicWrite, EveryWriterKeepsTheOldFileWhenTheDiskRefusesTheNewOne)
{
    const std::vector<WriterCase> cases = everyWriter();
    ASSERT_GE(cases.size(), 7u); // the map, raw bytes and five raster formats at least
    for (std::size_t i = 0; i < cases.size(); ++i) {
        QTemporaryDir dir;
        const QString path = dir.filePath(cases[i].fileName);
        SCOPED_TRACE(path.toStdString());
        test::writeBytes(path, kOldContents);
        // A sidecar next to an integer export must survive too.
        const QString sidecar = dir.filePath(QFileInfo(path).completeBaseName() + ".json");
        test::writeBytes(sidecar, kOldContents);
        QString error;
        bool written = true;
        {
            const test::FileSizeLimit limit(512); // smaller than any of these files, larger than the old one
            written = cases[i].write(path, &error);
        }
        EXPECT_FALSE(written);
        EXPECT_TRUE(error.contains("File too large")) << error.toStdString();
        EXPECT_TRUE(error.contains(QFileInfo(path).fileName())) << error.toStdString();
        EXPECT_EQ(test::readBytes(path), kOldContents);
        EXPECT_EQ(test::readBytes(sidecar), kOldContents);
        EXPECT_TRUE(stagingFiles(dir.path()).isEmpty()) << stagingFiles(dir.path()).join(' ').toStdString();
        // With room again the same writer succeeds: the refusal was the disk's, not the data's.
        EXPECT_TRUE(cases[i].write(path, &error)) << error.toStdString();
        EXPECT_NE(test::readBytes(path), kOldContents);
    }
}

TEST(AtomicWrite, AFailureHalfWayThroughAStreamedMapKeepsTheOldMap)
{
    QTemporaryDir dir;
    const QString path = dir.filePath("big.rbmap");
    ASSERT_TRUE(writeMapFile(path, sampleMap(), nullptr));
    const QByteArray old = test::readBytes(path);
    const Map bigger = test::randomMap(LatticeKind::Triangle, 300, 200, 9);
    QString error;
    bool written = true;
    {
        const test::FileSizeLimit limit(static_cast<rlim_t>(old.size())); // the header fits, the arrays do not
        written = writeMapFile(path, bigger, &error);
    }
    EXPECT_FALSE(written);
    EXPECT_TRUE(error.contains("File too large")) << error.toStdString();
    EXPECT_EQ(test::readBytes(path), old);
}

// The address space this process has mapped now (VmSize), in bytes.
rlim_t mappedBytes()
{
    QFile status("/proc/self/status");
    if (!status.open(QIODevice::ReadOnly)) return 0;
    for (const QByteArray& line : status.readAll().split('\n'))
        if (line.startsWith("VmSize:")) return static_cast<rlim_t>(line.mid(7).trimmed().split(' ').first().toULongLong()) * 1024;
    return 0;
}

// zlib's buffers (some 260 kB to compress an array) are the first allocation a small map's save
// cannot get under an address-space limit at what is already mapped: the message must say out of
// memory, not the file's "Unknown error" (issue 33's hostile run: generate under ulimit -v).
TEST(AtomicWrite, ASaveThatRunsOutOfMemoryInZlibSaysSo)
{
#if defined(__SANITIZE_ADDRESS__)
    // AddressSanitizer reserves its shadow memory and allocates from its own regions, so an
    // address-space limit does not fail zlib's allocation there; the release suite runs this.
    GTEST_SKIP() << "an address-space limit cannot be tested under AddressSanitizer";
#endif
    QTemporaryDir dir;
    const QString path = dir.filePath("small.rbmap");
    const Map small = test::randomMap(LatticeKind::Square, 8, 8, 3);
    const pid_t child = fork();
    if (child == 0) {
        QString error;
        error.reserve(4096); // the message's room, taken before the limit
        const rlimit limit{mappedBytes(), RLIM_INFINITY};
        if (limit.rlim_cur == 0 || setrlimit(RLIMIT_AS, &limit) != 0) ::_exit(4);
        const bool written = writeMapFile(path, small, &error);
        std::fprintf(stderr, "%s\n", error.toUtf8().constData());
        ::_exit(written ? 2 : error.contains("out of memory") ? 0 : 1);
    }
    int status = 0;
    waitpid(child, &status, 0);
    ASSERT_TRUE(WIFEXITED(status));
    EXPECT_EQ(WEXITSTATUS(status), 0) << "2: the save succeeded (the test no longer reaches zlib's allocation), 1: the message did not say out of memory";
    EXPECT_TRUE(stagingFiles(dir.path()).isEmpty());
}

// A child process starts a save, writes everything, and is killed before the rename: the real
// interruption, not a simulation of it.
qint64 killedSave(const QString& path, const QByteArray& bytes)
{
    const pid_t child = fork();
    if (child == 0) {
        AtomicFile file(path);
        if (file.open() && file.write(bytes) == bytes.size()) ::kill(::getpid(), SIGKILL);
        ::_exit(3);
    }
    int status = 0;
    waitpid(child, &status, 0);
    return WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL ? child : -1;
}

TEST(AtomicWrite, AKillBetweenWriteAndRenameKeepsTheOldFileAndTheNextSaveCleansUp)
{
    QTemporaryDir dir;
    const QString path = dir.filePath("island.rbmap");
    test::writeBytes(path, kOldContents);
    ASSERT_GT(killedSave(path, QByteArray(100000, 'n')), 0);
    EXPECT_EQ(test::readBytes(path), kOldContents);
    EXPECT_EQ(stagingFiles(dir.path()).size(), 1); // recognisable by its name

    QString error;
    ASSERT_TRUE(writeMapFile(path, sampleMap(), &error)) << error.toStdString();
    EXPECT_TRUE(stagingFiles(dir.path()).isEmpty()) << stagingFiles(dir.path()).join(' ').toStdString();
    EXPECT_TRUE(readMapFile(path, &error).has_value()) << error.toStdString();
}

TEST(AtomicWrite, AStagingFileOfARunningProcessIsLeftAlone)
{
    QTemporaryDir dir;
    const QString path = dir.filePath("shared.png");
    const QString foreign = AtomicFile::stagingPrefix(path) + QString::number(getppid()); // a live process
    const QString lookalike = dir.filePath(".shared.png.riverbed-partial-notes"); // not a staging file
    test::writeBytes(foreign, "in progress");
    test::writeBytes(lookalike, "the user's");
    EXPECT_EQ(AtomicFile::removeStaleStaging(path), 0);
    EXPECT_TRUE(QFile::exists(foreign));
    EXPECT_TRUE(QFile::exists(lookalike));
}

TEST(AtomicWrite, KeepsTheTargetsPermissionsAndFollowsASymbolicLink)
{
    QTemporaryDir dir;
    const QString real = dir.filePath("real.bin");
    const QString link = dir.filePath("link.bin");
    test::writeBytes(real, kOldContents);
    ASSERT_TRUE(QFile::setPermissions(real, QFile::ReadOwner | QFile::WriteOwner));
    ASSERT_TRUE(QFile::link(real, link));
    QString error;
    ASSERT_TRUE(writeFileAtomically(link, "new", &error)) << error.toStdString();
    EXPECT_TRUE(QFileInfo(link).isSymLink());
    EXPECT_EQ(test::readBytes(real), "new");
    const QFile::Permissions owner = QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner;
    const QFile::Permissions others = QFile::ReadGroup | QFile::WriteGroup | QFile::ExeGroup | QFile::ReadOther | QFile::WriteOther | QFile::ExeOther;
    EXPECT_EQ(QFile::permissions(real) & (owner | others), QFile::ReadOwner | QFile::WriteOwner); // not widened to the umask's 0644
}

TEST(AtomicWrite, AFolderThatCannotBeWrittenIsReportedWithTheSystemsReason)
{
    QString error;
    EXPECT_FALSE(writeFileAtomically("/proc/riverbed-cannot-write-here.bin", "x", &error));
    EXPECT_TRUE(error.contains("/proc/riverbed-cannot-write-here.bin")) << error.toStdString();
    EXPECT_FALSE(error.contains("Unknown error")) << error.toStdString();
}

// Only regular files are replaced: a rename over a FIFO, a device or a folder would put a map in
// its place (as root, `-o /dev/null` replaced the system's /dev/null). Each writer refuses, names
// the reason and leaves the thing as it was.
TEST(AtomicWrite, OnlyRegularFilesAreReplaced)
{
    QTemporaryDir dir;
    for (const WriterCase& writer : everyWriter()) {
        // Each kind of target under the writer's own name (exports pick their format by it).
        const QString fifo = dir.filePath("pipe-" + writer.fileName);
        ASSERT_EQ(::mkfifo(QFile::encodeName(fifo).constData(), 0644), 0);
        // A link to the pipe, not to /dev/null: were the check broken, a test run as root would
        // replace the system's /dev/null.
        const QString pipeLink = dir.filePath("link-" + writer.fileName);
        ASSERT_TRUE(QFile::link(fifo, pipeLink));
        const QString folder = dir.filePath("folder-" + writer.fileName);
        ASSERT_TRUE(QDir(dir.path()).mkdir(QFileInfo(folder).fileName()));
        const QString dangling = dir.filePath("dangling-" + writer.fileName);
        ASSERT_TRUE(QFile::link("/proc/self/fd/riverbed-no-such-descriptor", dangling));
        const struct {
            QString path;
            QString reason;
        } cases[] = {
            {fifo, "is not a regular file"},
            {pipeLink, "is not a regular file"},
            {folder, "is a folder"},
            {dangling, "which is not a file that can be replaced"},
        };
        for (const auto& c : cases) {
            SCOPED_TRACE(c.path.toStdString());
            QString error;
            EXPECT_FALSE(writer.write(c.path, &error));
            EXPECT_TRUE(error.contains(c.reason)) << error.toStdString();
        }
        struct stat info {};
        ASSERT_EQ(::stat(QFile::encodeName(fifo).constData(), &info), 0);
        EXPECT_TRUE(S_ISFIFO(info.st_mode));
        EXPECT_TRUE(QFileInfo(pipeLink).isSymLink());
        EXPECT_TRUE(QFileInfo(folder).isDir());
        EXPECT_TRUE(QFileInfo(dangling).isSymLink());
    }
    EXPECT_TRUE(stagingFiles(dir.path()).isEmpty());
    QString error;
    EXPECT_FALSE(writeFileAtomically(QString(), "x", &error));
    EXPECT_TRUE(error.contains("no file name given")) << error.toStdString();
}

} // namespace
} // namespace rb::io
