#include "io/BundleFolder.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>

#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstring>

namespace rb::io {
namespace {

constexpr char kStagingPrefix[] = ".riverbed-bundle-";

// rename(2) replaces an existing target in one step; QFile::rename refuses to.
QString moveOver(const QString& from, const QString& to)
{
    if (std::rename(QFile::encodeName(from).constData(), QFile::encodeName(to).constData()) == 0) return {};
    return QString::fromLocal8Bit(std::strerror(errno));
}

// Only a plain file name inside the folder may be removed: a manifest edited by hand to name
// "../x" or "/x" must not delete anything outside the bundle.
bool isPlainName(const QString& name)
{
    return !name.isEmpty() && name != "." && name != ".." && !name.contains('/') && !name.contains('\\');
}

// A staging folder whose process no longer runs (killed mid-export): nothing will finish it.
bool isStale(const QString& name)
{
    bool ok = false;
    const qint64 pid = name.mid(static_cast<qsizetype>(std::strlen(kStagingPrefix))).toLongLong(&ok);
    return ok && pid > 0 && ::kill(static_cast<pid_t>(pid), 0) != 0 && errno == ESRCH;
}

} // namespace

BundleFolder::BundleFolder(QString folder)
    : folder_(std::move(folder)),
      staging_(QDir(folder_).filePath(kStagingPrefix + QString::number(QCoreApplication::applicationPid())))
{
}

BundleFolder::~BundleFolder()
{
    if (QFileInfo(staging_).isDir()) QDir(staging_).removeRecursively();
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
        if (!name.startsWith(kStagingPrefix)) out << name;
    return out;
}

bool BundleFolder::prepare(QString* error)
{
    if (!QDir().mkpath(folder_)) {
        *error = QString("cannot create the folder %1").arg(folder_);
        return false;
    }
    for (const QString& name : QDir(folder_).entryList({QString(kStagingPrefix) + "*"}, QDir::Dirs | QDir::Hidden | QDir::NoDotAndDotDot))
        if (isStale(name)) QDir(QDir(folder_).filePath(name)).removeRecursively();
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

bool BundleFolder::commit(const QStringList& files, const QStringList& earlier, QString* error)
{
    const QDir folder(folder_);
    const QString manifest = folder.filePath(kManifestName);
    if (QFileInfo::exists(manifest) && !QFile::remove(manifest)) {
        *error = QString("%1: cannot remove the earlier manifest; the earlier bundle is unchanged").arg(manifest);
        return false;
    }
    for (const QString& file : files) {
        if (file == kManifestName) continue;
        if (const QString reason = moveOver(stagedPath(file), folder.filePath(file)); !reason.isEmpty()) {
            *error = QString("%1: cannot move it into place: %2; the folder now has no %3 (export the bundle again)")
                         .arg(folder.filePath(file), reason, kManifestName);
            return false;
        }
    }
    for (const QString& old : earlier)
        if (!files.contains(old) && isPlainName(old)) QFile::remove(folder.filePath(old));
    if (const QString reason = moveOver(stagedPath(kManifestName), manifest); !reason.isEmpty()) {
        *error = QString("%1: cannot move it into place: %2").arg(manifest, reason);
        return false;
    }
    return true;
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
