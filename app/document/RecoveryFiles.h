#pragma once

#include "model/Map.h"

#include <QDateTime>
#include <QString>

#include <cstdint>
#include <optional>
#include <vector>

namespace rb::editor {

// What an autosave says about itself, beside the map (a JSON file), so that the next start can
// name the map and the time when it offers to restore it.
struct RecoveryInfo {
    QString documentName;  // "dam", or "untitled"
    QString originalFile;  // the .rbmap the document was opened from or saved to; empty if none
    QDateTime savedAt;
    std::int64_t steps = 0;
    qint64 writerPid = 0;  // the editor process that wrote the map
};

// One recovery file left behind by an editor that is no longer running.
struct RecoveryEntry {
    QString mapPath;
    qint64 pid = 0; // from the file's name
    RecoveryInfo info;
};

// The autosave files of the editor, in QStandardPaths::AppDataLocation/recovery: each process
// writes only "recovery-PID.rbmap" (the same .rbmap a save writes, so a restore continues bit for
// bit) and "recovery-PID.json", so several editors never clobber each other's. A file whose
// process is gone (or whose PID now belongs to another program) is an orphan: a crash left it.
// Both files are written atomically (io::AtomicFile): a kill during an autosave leaves the
// previous autosave whole.
class RecoveryFiles {
public:
    explicit RecoveryFiles(QString folder = defaultFolder());
    static QString defaultFolder();

    QString mapPath() const; // this process's
    QString infoPath() const;

    // Writes this process's recovery files; callable from any thread. Empty on success, else why.
    QString write(const Map& map, const RecoveryInfo& info) const;
    void remove() const; // this process's, after a save or a normal quit

    // Files of editors no longer running, newest first. Called at start-up, before this process
    // has autosaved, so a file under this process's own PID is an orphan too (PIDs are reused).
    // Tidies the folder first (io::tidyFolder): staging files of killed autosaves go.
    std::vector<RecoveryEntry> orphans() const;
    // Takes an orphan over as this process's own file (a rename, so no other editor starting at
    // the same time restores it too); it is then removed like our own after a save or a quit.
    // The entry with its new path, or nothing if it is gone.
    std::optional<RecoveryEntry> claim(const RecoveryEntry& orphan) const;
    static void discard(const RecoveryEntry& orphan);

private:
    QString pathFor(qint64 pid, const char* suffix) const;
    static QString infoPathOf(const RecoveryEntry& orphan);
    static void removeStaging(const RecoveryEntry& orphan);
    static std::optional<RecoveryInfo> readInfo(const QString& path);

    QString folder_;
};

} // namespace rb::editor
