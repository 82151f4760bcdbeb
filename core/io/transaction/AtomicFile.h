#pragma once

#include <QByteArray>
#include <QIODevice>
#include <QString>

namespace rb::io {

// A file written beside its target under a staging name and renamed over it only once every byte
// is on disk, so a failed save never touches the old file. Every write, the fsync, the close and
// the rename are checked, and a failure keeps the operating system's reason ("No space left on
// device", "File too large"). Write through it as a QIODevice, then commit().
//
// Why not QSaveFile alone: Qt 6.4's QSaveFile takes a short write (a full disk, or a file size
// limit, part-way through a large write) without an error and then commits the torn file over the
// old one (measured; see docs/map-format.md), and it ignores the result of its own fdatasync.
//
// The staging name is ".NAME.riverbed-partial-OWNER" in the target's folder (OWNER: PID, boot and
// host, StagingOwner.h): recognisable, and unique per process. A save interrupted by a kill leaves
// one behind; the next write into the same folder removes those whose owner is gone (FolderTidy.h).
//
// Inside a FileSetTransaction, commit() flushes the staging file and hands it to the transaction,
// which renames it together with the others; Commit::Alone renames at once regardless.
class AtomicFile : public QIODevice {
public:
    enum class Commit { InTransaction, Alone };

    explicit AtomicFile(const QString& path, Commit mode = Commit::InTransaction);
    ~AtomicFile() override; // discards the staging file unless commit() succeeded

    // Removes stale staging files of this target, then creates this one. False with errorString(),
    // also when the target is not a regular file (a device, a pipe, a folder) or is read-only.
    bool open();
    // Flushes to disk and renames over the target (inside a transaction: hands the flushed file to
    // it). False (old file untouched) on any failure, or when an earlier write failed.
    bool commit();
    // Gives up: removes the staging file; the target stays as it was.
    void discard();

    const QString& path() const { return path_; }
    QString stagingPath() const;
    // "PATH: cannot write: REASON", for messages.
    QString failure() const;

    // Whether `path` could be written now: its staging file is created and removed again, the
    // target left alone. For commands that work long before they save (a simulation, a big
    // generation): a folder that does not exist or cannot be written is found before the work.
    static bool checkWritable(const QString& path, QString* error);

    static QString stagingPrefix(const QString& path); // ".NAME.riverbed-partial-" with its folder
    // Tidies the folder of `path` (tidyFolder: interrupted commits completed, staging files of
    // owners that are gone removed) and removes an earlier staging file of this process for
    // `path`; returns how many staging files went.
    static int removeStaleStaging(const QString& path);

protected:
    qint64 readData(char* data, qint64 maxSize) override;
    qint64 writeData(const char* data, qint64 size) override;

private:
    // QIODevice::open(mode) stays hidden: a caller must take the staging path above, not open the
    // device some other way (named here so that the hiding is on purpose, not a warning).
    using QIODevice::open;

    bool fail(const QString& what, int error);
    bool flushToDisk();
    void closeDescriptor();

    QString path_;      // the file replaced (a symbolic link's target)
    QString requested_; // the path as given
    Commit mode_;
    int descriptor_ = -1;
    bool failed_ = false;
};

// Replaces (or creates) the file with these bytes through an AtomicFile. On failure the old file
// is untouched and `error` names the file and the reason.
bool writeFileAtomically(const QString& path, const QByteArray& bytes, QString* error);

} // namespace rb::io
