#include "io/AtomicFile.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>

#include <cerrno>
#include <csignal>
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

bool processIsGone(qint64 pid)
{
    return pid <= 0 || (::kill(static_cast<pid_t>(pid), 0) != 0 && errno == ESRCH);
}

} // namespace

AtomicFile::AtomicFile(const QString& path) : path_(resolvedTarget(path)) {}

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
    return stagingPrefix(path_) + QString::number(QCoreApplication::applicationPid());
}

int AtomicFile::removeStaleStaging(const QString& path)
{
    const QString prefix = QFileInfo(stagingPrefix(path)).fileName();
    const QDir folder = QFileInfo(path).dir();
    int removed = 0;
    for (const QString& name : folder.entryList({prefix + "*"}, QDir::Files | QDir::Hidden | QDir::System)) {
        bool numeric = false;
        const qint64 pid = name.mid(prefix.size()).toLongLong(&numeric);
        const bool ours = pid == QCoreApplication::applicationPid(); // an earlier save of ours that died half-way
        if (numeric && (ours || processIsGone(pid)) && QFile::remove(folder.filePath(name))) ++removed;
    }
    return removed;
}

bool AtomicFile::open()
{
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

bool AtomicFile::commit()
{
    if (failed_ || descriptor_ < 0) return failed_ ? false : fail("cannot write", EBADF);
    struct stat existing {};
    if (::stat(QFile::encodeName(path_).constData(), &existing) == 0) ::fchmod(descriptor_, existing.st_mode & 07777);
    // Delayed allocation can report a full disk only here, so both results count.
    if (::fsync(descriptor_) != 0) return fail("cannot write", errno);
    const int descriptor = descriptor_;
    descriptor_ = -1;
    if (::close(descriptor) != 0) return fail("cannot write", errno);
    const QByteArray staging = QFile::encodeName(stagingPath());
    if (::rename(staging.constData(), QFile::encodeName(path_).constData()) != 0) return fail("cannot replace the file", errno);
    QIODevice::close();
    return true;
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
    return path_ + ": " + errorString();
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
