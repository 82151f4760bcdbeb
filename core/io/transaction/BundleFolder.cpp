#include "io/transaction/BundleFolder.h"

#include "io/transaction/FileSetTransaction.h"
#include "io/transaction/FolderTidy.h"
#include "io/transaction/StagingOwner.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>

namespace rb::io {
namespace {

// Only a plain file name inside the folder may be removed: a manifest edited by hand to name
// "../x" or "/x" must not delete anything outside the bundle.
bool isPlainName(const QString& name)
{
    return !name.isEmpty() && name != "." && name != ".." && !name.contains('/') && !name.contains('\\');
}

} // namespace

BundleFolder::BundleFolder(QString folder)
    : folder_(std::move(folder)),
      staging_(QDir(folder_).filePath(kBundleStagingPrefix + stagingOwnerTag()))
{
}

BundleFolder::~BundleFolder()
{
    if (!keepStaging_ && QFileInfo(staging_).isDir()) QDir(staging_).removeRecursively();
}

std::optional<QStringList> BundleFolder::earlierBundleFiles() const
{
    QFile file(QDir(folder_).filePath(kManifestName));
    if (!file.open(QIODevice::ReadOnly)) return std::nullopt;
    const QJsonObject manifest = QJsonDocument::fromJson(file.readAll()).object();
    if (manifest["generator"].toString() != "riverbed" || !manifest["files"].isArray()) return std::nullopt;
    return manifestFiles(manifest);
}

QStringList BundleFolder::entries() const
{
    QStringList out;
    for (const QString& name : QDir(folder_).entryList(QDir::AllEntries | QDir::Hidden | QDir::System | QDir::NoDotAndDotDot))
        if (!name.startsWith(kBundleStagingPrefix)) out << name;
    return out;
}

bool BundleFolder::prepare(QString* error)
{
    if (!QDir().mkpath(folder_)) {
        *error = QString("cannot create the folder %1").arg(folder_);
        return false;
    }
    tidyFolder(folder_);
    if (QFileInfo(staging_).exists()) QDir(staging_).removeRecursively();
    if (!QDir().mkdir(staging_)) {
        *error = QString("cannot write in %1: no permission or no space for the bundle's staging folder").arg(folder_);
        return false;
    }
    return true;
}

QString BundleFolder::stagedPath(const QString& relative) const
{
    return QDir(staging_).filePath(relative);
}

QString BundleFolder::inBundleTerms(const QString& message) const
{
    return QString(message).replace(staging_, QDir::cleanPath(folder_));
}

bool BundleFolder::commit(const QStringList& files, const QStringList& earlier, FileSetTransaction& transaction, QString* error)
{
    const QDir folder(folder_);
    for (const QString& file : files)
        if (file != kManifestName) transaction.adopt(stagedPath(file), folder.filePath(file));
    for (const QString& old : earlier)
        if (!files.contains(old) && isPlainName(old)) transaction.removeOnCommit(folder.filePath(old));
    transaction.adopt(stagedPath(kManifestName), folder.filePath(kManifestName)); // last: it names the others
    if (transaction.commit(error)) return true;
    keepStaging_ = transaction.leftForCompletion();
    *error = inBundleTerms(*error);
    return false;
}

QStringList manifestFiles(const QJsonObject& manifest)
{
    QStringList out;
    for (const QJsonValue& entry : manifest["files"].toArray()) {
        const QJsonObject file = entry.toObject();
        out << file["path"].toString();
        if (file.contains("sidecar")) out << file["sidecar"].toString();
    }
    return out;
}

} // namespace rb::io
