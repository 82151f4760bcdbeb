#pragma once

#include <QJsonObject>
#include <QString>
#include <QStringList>

#include <optional>

namespace rb::io {

// The folder an engine bundle goes to, and how a new bundle replaces an earlier one there without
// ever leaving a manifest that lists a mix: every file is first written into a hidden staging
// folder inside it (".riverbed-bundle-PID", same file system); only when all are on disk is the
// old manifest.json removed, the files renamed into place, the earlier bundle's files that the new
// one does not name removed, and the new manifest renamed in last. A failure while writing leaves
// the earlier bundle untouched; a failure while renaming (no data is written then) leaves the
// folder without a manifest.json, and the message says so.
class BundleFolder {
public:
    static constexpr char kManifestName[] = "manifest.json";

    explicit BundleFolder(QString folder);
    ~BundleFolder(); // removes the staging folder (and whatever a failed bundle left in it)
    BundleFolder(const BundleFolder&) = delete;
    BundleFolder& operator=(const BundleFolder&) = delete;

    // The files (relative paths) an earlier Riverbed bundle's manifest names, or nullopt when the
    // folder holds no readable Riverbed manifest.
    std::optional<QStringList> earlierBundleFiles() const;
    // The folder's entries other than staging folders (relative names).
    QStringList entries() const;

    // Makes the folder (if missing) and an empty staging folder, removing staging folders left by
    // processes that no longer run; false with `error` saying why.
    bool prepare(QString* error);
    QString stagedPath(const QString& relative) const;
    // Turns a message about a staged file into one about its place in the bundle.
    QString inBundleTerms(const QString& message) const;

    // Moves the staged files (manifest.json among them) into the folder as described above.
    bool commit(const QStringList& files, const QStringList& earlier, QString* error);

    const QString& folder() const { return folder_; }

private:
    QString folder_;
    QString staging_;
};

// Every file a manifest lists: each entry's "path" and "sidecar" (relative).
QStringList manifestFiles(const QJsonObject& manifest);

} // namespace rb::io
