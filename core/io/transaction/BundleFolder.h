#pragma once

#include <QJsonObject>
#include <QString>
#include <QStringList>

#include <optional>

namespace rb::io {

// The folder an engine bundle goes to, and how a new bundle replaces an earlier one there whole or
// not at all: every file is first written into a hidden staging folder inside it
// (".riverbed-bundle-OWNER", same file system; OWNER as in StagingOwner.h); only when all are on
// disk does one FileSetTransaction rename them into place, remove the earlier bundle's files that
// the new one does not name and rename the new manifest in last, journalled so that a run stopped
// between two renames is completed by the next write into the folder. A failure while writing
// leaves the earlier bundle untouched.
class BundleFolder {
public:
    static constexpr char kManifestName[] = "manifest.json";

    explicit BundleFolder(QString folder);
    // Removes the staging folder (and whatever a failed bundle left in it), unless a commit stopped
    // between its renames: then the next write into the folder completes it from there.
    ~BundleFolder();
    BundleFolder(const BundleFolder&) = delete;
    BundleFolder& operator=(const BundleFolder&) = delete;

    // The files (relative paths) an earlier Riverbed bundle's manifest names, or nullopt when the
    // folder holds no readable Riverbed manifest.
    std::optional<QStringList> earlierBundleFiles() const;
    // The folder's entries other than staging folders (relative names).
    QStringList entries() const;

    // Makes the folder (if missing) and an empty staging folder, after tidying the folder
    // (tidyFolder: what killed runs left); false with `error` saying why.
    bool prepare(QString* error);
    QString stagedPath(const QString& relative) const;
    // Turns a message about a staged file into one about its place in the bundle.
    QString inBundleTerms(const QString& message) const;

    // Moves the staged files (manifest.json among them) into the folder as described above, through
    // `transaction` (the one the files were written in, or a new one).
    bool commit(const QStringList& files, const QStringList& earlier, class FileSetTransaction& transaction, QString* error);

    const QString& folder() const { return folder_; }

private:
    QString folder_;
    QString staging_;
    bool keepStaging_ = false; // a commit stopped mid-way: its journal needs the staged files
};

// Every file a manifest lists: each entry's "path" and "sidecar" (relative).
QStringList manifestFiles(const QJsonObject& manifest);

} // namespace rb::io
