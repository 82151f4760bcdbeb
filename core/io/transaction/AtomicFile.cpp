#include "io/transaction/AtomicFile.h"

#include "io/transaction/FileSetTransaction.h"
#include "io/transaction/FolderTidy.h"
#include "io/transaction/StagingOwner.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace rb::io {
namespace {

// A symbolic link is kept: the file it points to is the one replaced.
QString resolvedTarget(const QString& path)
{
    const QFileInfo info(path);
    return info.isSymLink() && !info.canonicalFilePath().isEmpty() ? info.canonicalFilePath() : path;
}

// Why the file at `path` must not be replaced by a rename, or empty when it may be: only regular
// files are (a rename over /dev/null, a FIFO or a terminal, as root, would put a map in its
// place), and a read-only one is kept as `cp` would keep it.
QString unreplaceableTarget(const QString& path, const QString& requested)
{
    if (requested.isEmpty()) return "no file name given";
    const QFileInfo requestedInfo(requested);
    if (requestedInfo.isSymLink() && requestedInfo.canonicalFilePath().isEmpty())
        return "is a link to " + requestedInfo.symLinkTarget() + ", which is not a file that can be replaced";
    struct stat target {};
    if (::stat(QFile::encodeName(path).constData(), &target) != 0) return {}; // a new file
    if (S_ISDIR(target.st_mode)) return "is a folder, not a file";
    if (!S_ISREG(target.st_mode)) return "is not a regular file (a device, pipe or socket); maps and layers are written to files only";
    if (::access(QFile::encodeName(path).constData(), W_OK) != 0) return "is read-only; it is left as it is";
    return {};
}

} // namespace

AtomicFile::AtomicFile(const QString& path, Commit mode) : path_(resolvedTarget(path)), requested_(path), mode_(mode) {}

AtomicFile::~AtomicFile()
{
    discard();
}

QString AtomicFile::stagingPrefix(const QString& path)
{
    const QFileInfo info(path);
    return info.dir().filePath("." + info.fileName() + ".riverbed-partial-");
}

QString AtomicFile::stagingPath() const
{
    return stagingPrefix(path_) + stagingOwnerTag();
}

int AtomicFile::removeStaleStaging(const QString& path)
{
    int removed = tidyFolder(QFileInfo(path).absolutePath()).removed;
    // An earlier save of ours to this file that died half-way (another file's may be in a transaction).
    const QString ours = stagingPrefix(path) + stagingOwnerTag();
    if (QFileInfo(ours).isFile() && QFile::remove(ours)) ++removed;
    return removed;
}

bool AtomicFile::open()
{
    if (const QString problem = unreplaceableTarget(path_, requested_); !problem.isEmpty()) {
        failed_ = true;
        setErrorString(problem);
        return false;
    }
    removeStaleStaging(path_);
    const QByteArray staging = QFile::encodeName(stagingPath());
    descriptor_ = ::open(staging.constData(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
    if (descriptor_ < 0) return fail("cannot create a file in its folder", errno);
    failed_ = false;
    return QIODevice::open(QIODevice::WriteOnly | QIODevice::Unbuffered);
}

qint64 AtomicFile::readData(char*, qint64)
{
    return -1;
}

// A short write is not an error by itself (a signal, a pipe); the loop asks again, and the call
// that cannot write anything at all reports why.
qint64 AtomicFile::writeData(const char* data, qint64 size)
{
    if (failed_ || descriptor_ < 0) return -1;
    qint64 written = 0;
    while (written < size) {
        const ssize_t result = ::write(descriptor_, data + written, static_cast<std::size_t>(size - written));
        if (result < 0 && errno == EINTR) continue;
        if (result <= 0) {
            fail("cannot write", result < 0 ? errno : ENOSPC);
            return -1;
        }
        written += result;
    }
    return written;
}

bool AtomicFile::flushToDisk()
{
    if (failed_ || descriptor_ < 0) return failed_ ? false : fail("cannot write", EBADF);
    struct stat existing {};
    if (::stat(QFile::encodeName(path_).constData(), &existing) == 0) ::fchmod(descriptor_, existing.st_mode & 07777);
    // Delayed allocation can report a full disk only here, so both results count.
    if (::fsync(descriptor_) != 0) return fail("cannot write", errno);
    const int descriptor = descriptor_;
    descriptor_ = -1;
    if (::close(descriptor) != 0) return fail("cannot write", errno);
    return true;
}

bool AtomicFile::commit()
{
    if (!flushToDisk()) return false;
    if (FileSetTransaction* transaction = FileSetTransaction::current(); transaction && mode_ == Commit::InTransaction) {
        transaction->adopt(stagingPath(), path_); // it renames, or removes the file on a rollback
        QIODevice::close();
        return true;
    }
    const QByteArray staging = QFile::encodeName(stagingPath());
    if (::rename(staging.constData(), QFile::encodeName(path_).constData()) != 0) return fail("cannot replace the file", errno);
    QIODevice::close();
    return true;
}

bool AtomicFile::checkWritable(const QString& path, QString* error)
{
    AtomicFile probe(path);
    if (probe.open()) return true; // the destructor removes the staging file
    if (error) *error = probe.failure();
    return false;
}

void AtomicFile::discard()
{
    closeDescriptor();
    if (isOpen()) {
        ::unlink(QFile::encodeName(stagingPath()).constData());
        QIODevice::close();
    }
}

QString AtomicFile::failure() const
{
    return path_.isEmpty() ? errorString() : path_ + ": " + errorString();
}

bool AtomicFile::fail(const QString& what, int error)
{
    failed_ = true;
    setErrorString(what + ": " + QString::fromLocal8Bit(std::strerror(error)));
    closeDescriptor();
    ::unlink(QFile::encodeName(stagingPath()).constData());
    return false;
}

void AtomicFile::closeDescriptor()
{
    if (descriptor_ >= 0) ::close(descriptor_);
    descriptor_ = -1;
}

bool writeFileAtomically(const QString& path, const QByteArray& bytes, QString* error)
{
    AtomicFile file(path);
    if (file.open() && file.write(bytes) == bytes.size() && file.commit()) return true;
    if (error) *error = file.failure();
    return false;
}

} // namespace rb::io
