#pragma once

#include <QString>
#include <QStringList>

#include <vector>

namespace rb::io {

// Several files replaced all together or not at all. While a transaction is open in a thread,
// every AtomicFile committed in that thread (and so every writer: rasters, sidecars, meshes, the
// rivers' JSON, maps) stops short of its rename: its staging file, complete and flushed to disk,
// is handed to the transaction, which renames them all over their targets in commit() only once
// every file is written. A transaction destroyed without a commit (a failed write, an early
// return) removes the staged files: no old file changes and no staging file stays.
//
// A scope, not a parameter: the writers already end in AtomicFile::commit, so the one place that
// decides is there, and a writer called on its own still replaces its file at once.
//
// Between the first and the last rename a loss of power would leave a mix. So before the first
// of two or more renames commit() writes a journal (".riverbed-commit-OWNER.journal", OWNER as in StagingOwner.h)
// into every folder it renames into, flushed to disk, listing the renames in order; it is removed
// after the last. A later run that writes into such a folder and finds the journal of an owner
// that is gone completes the renames whose staging file is still there (completeInterrupted), and
// says so.
class FileSetTransaction {
public:
    // Opens a transaction for this thread; inside another one it joins the outer one, whose
    // commit then decides for both (a layer's raster and sidecar inside a multi-file export).
    FileSetTransaction();
    ~FileSetTransaction(); // rolls back unless committed
    FileSetTransaction(const FileSetTransaction&) = delete;
    FileSetTransaction& operator=(const FileSetTransaction&) = delete;

    // The thread's open transaction (the outermost), or null.
    static FileSetTransaction* current();

    // A complete, flushed file at `staging` that is to replace `target` (same file system).
    void adopt(const QString& staging, const QString& target);
    // A file removed at commit, after the renames (an earlier bundle's file the new one lacks).
    void removeOnCommit(const QString& path);

    // Journals, renames in order, removes the journals. False with `error` naming the file: if the
    // first rename fails nothing changed and the staged files are removed; a later rename failing
    // (rare: the files are written, only the folder changes) leaves the journal and the remaining
    // staged files for the next run to complete, and the message says so.
    bool commit(QString* error);
    // Removes the staged files; the targets stay as they were.
    void rollback();
    // After a commit that stopped at a later rename: its journals and remaining staged files wait
    // for the next run to complete them, so they must not be removed as a failed write's would be.
    bool leftForCompletion() const { return done_ && !journals_.empty(); }

    // Completes the journalled commits in `folder` whose owner is gone; a line per commit saying
    // what it did, for the user.
    static QStringList completeInterrupted(const QString& folder);
    static bool isJournalName(const QString& name);

private:
    struct Step {
        QString from; // empty: remove `to`
        QString to;
    };

    QStringList folders() const;
    bool writeJournals(QString* error);
    void removeJournals();
    QString performSteps();

    FileSetTransaction* previous_ = nullptr;
    bool joined_ = false;
    bool done_ = false;
    std::vector<Step> steps_;
    QStringList journals_;
};

} // namespace rb::io
