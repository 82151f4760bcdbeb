#pragma once

#include <QString>
#include <QStringList>

namespace rb::io {

// What a killed or crashed run left in a folder, dealt with before anything new is written there:
// first the journalled commits it was in the middle of are completed (FileSetTransaction), then
// its staging files (".NAME.riverbed-partial-OWNER"), its bundle staging folders
// (".riverbed-bundle-OWNER") and the staging files of its journals are removed. Only leftovers of
// an owner that is gone (StagingOwner.h) are touched: a running process's work stays.
struct FolderTidyReport {
    int removed = 0;   // staging files and folders removed
    QStringList notes; // one line per completed commit, for the user
};

FolderTidyReport tidyFolder(const QString& folder);

// The owner tag of a staging file's or staging folder's name, or empty when the name is not one.
QString stagingTagOf(const QString& name);

} // namespace rb::io
