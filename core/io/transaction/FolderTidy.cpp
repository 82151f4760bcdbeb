#include "io/transaction/FolderTidy.h"

#include "io/transaction/FileSetTransaction.h"
#include "io/transaction/StagingOwner.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>

namespace rb::io {
namespace {

constexpr char kFileMarker[] = ".riverbed-partial-";

bool removeEntry(const QDir& folder, const QString& name)
{
    const QString path = folder.filePath(name);
    const QFileInfo info(path);
    if (info.isDir() && !info.isSymLink()) return QDir(path).removeRecursively();
    return QFile::remove(path);
}

} // namespace

QString stagingTagOf(const QString& name)
{
    if (name.startsWith(kBundleStagingPrefix)) return name.mid(static_cast<qsizetype>(qstrlen(kBundleStagingPrefix)));
    const qsizetype marker = name.lastIndexOf(kFileMarker);
    if (!name.startsWith('.') || marker <= 0) return {};
    return name.mid(marker + static_cast<qsizetype>(qstrlen(kFileMarker)));
}

FolderTidyReport tidyFolder(const QString& folder)
{
    FolderTidyReport report;
    const QDir dir(folder);
    if (!dir.exists()) return report;
    report.notes = FileSetTransaction::completeInterrupted(folder); // before its staging files go
    const QStringList names = dir.entryList({QString("*") + kFileMarker + "*", QString(kBundleStagingPrefix) + "*"},
                                            QDir::Files | QDir::Dirs | QDir::Hidden | QDir::System | QDir::NoDotAndDotDot);
    for (const QString& name : names) {
        const QString tag = stagingTagOf(name);
        if (!tag.isEmpty() && stagingOwnerGone(tag) && removeEntry(dir, name)) ++report.removed;
    }
    return report;
}

} // namespace rb::io
