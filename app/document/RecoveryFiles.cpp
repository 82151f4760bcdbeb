#include "document/RecoveryFiles.h"

#include "io/map/MapFile.h"
#include "io/raster/Sidecar.h"
#include "io/transaction/AtomicFile.h"
#include "io/transaction/FolderTidy.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QStandardPaths>

#include <algorithm>
#include <cerrno>
#include <csignal>

namespace rb::editor {

namespace {

constexpr char kMapSuffix[] = ".rbmap";
constexpr char kInfoSuffix[] = ".json";

// Running, and still an editor: a PID the system gave to another program since (PIDs are reused,
// in containers quickly) does not keep a crashed editor's file from being offered.
bool editorIsRunning(qint64 pid)
{
    if (pid == QCoreApplication::applicationPid()) return false; // see orphans()
    if (pid <= 0 || (::kill(static_cast<pid_t>(pid), 0) != 0 && errno == ESRCH)) return false;
    QString exe = QFileInfo(QString("/proc/%1/exe").arg(pid)).symLinkTarget();
    if (exe.isEmpty()) return true;     // another user's process, or no /proc: assume it is alive
    exe.remove(QRegularExpression(" \\(deleted\\)$")); // the binary was rebuilt while it ran
    return QFileInfo(exe).fileName() == QFileInfo(QCoreApplication::applicationFilePath()).fileName();
}

QJsonObject infoJson(const RecoveryInfo& info)
{
    QJsonObject object;
    object["document"] = info.documentName;
    object["file"] = info.originalFile;
    object["saved"] = info.savedAt.toString(Qt::ISODateWithMs);
    object["steps"] = static_cast<double>(info.steps);
    object["pid"] = static_cast<double>(info.writerPid);
    return object;
}

} // namespace

RecoveryFiles::RecoveryFiles(QString folder) : folder_(std::move(folder)) {}

QString RecoveryFiles::defaultFolder()
{
    return QDir(QStandardPaths::writableLocation(QStandardPaths::AppDataLocation)).filePath("recovery");
}

QString RecoveryFiles::pathFor(qint64 pid, const char* suffix) const
{
    return QDir(folder_).filePath(QString("recovery-%1%2").arg(pid).arg(QLatin1String(suffix)));
}

QString RecoveryFiles::mapPath() const
{
    return pathFor(QCoreApplication::applicationPid(), kMapSuffix);
}

QString RecoveryFiles::infoPath() const
{
    return pathFor(QCoreApplication::applicationPid(), kInfoSuffix);
}

// The map first, then the note naming it: a note always describes a whole map (an orphan without
// one is still offered, named after its file's time).
QString RecoveryFiles::write(const Map& map, const RecoveryInfo& info) const
{
    if (!QDir().mkpath(folder_)) return QCoreApplication::translate("RecoveryFiles", "cannot create %1").arg(folder_);
    QString error;
    if (!io::writeMapFile(mapPath(), map, &error)) return error;
    if (!io::writeJsonFile(infoPath(), infoJson(info), &error)) return error;
    return QString();
}

void RecoveryFiles::remove() const
{
    QFile::remove(mapPath());
    QFile::remove(infoPath());
}

std::optional<RecoveryInfo> RecoveryFiles::readInfo(const QString& path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) return std::nullopt;
    const QJsonObject object = QJsonDocument::fromJson(file.read(1 << 20)).object();
    if (object.isEmpty()) return std::nullopt;
    RecoveryInfo info;
    info.documentName = object["document"].toString();
    info.originalFile = object["file"].toString();
    info.savedAt = QDateTime::fromString(object["saved"].toString(), Qt::ISODateWithMs);
    info.steps = static_cast<std::int64_t>(object["steps"].toDouble());
    info.writerPid = static_cast<qint64>(object["pid"].toDouble());
    return info;
}

std::vector<RecoveryEntry> RecoveryFiles::orphans() const
{
    static const QRegularExpression name("^recovery-(\\d+)\\.rbmap$");
    io::tidyFolder(folder_); // at start: the staging files of autosaves that a kill or crash cut short
    std::vector<RecoveryEntry> found;
    const QDir folder(folder_);
    for (const QFileInfo& file : folder.entryInfoList({"recovery-*.rbmap"}, QDir::Files)) {
        const QRegularExpressionMatch match = name.match(file.fileName());
        if (!match.hasMatch()) continue;
        RecoveryEntry entry;
        entry.mapPath = file.absoluteFilePath();
        entry.pid = match.captured(1).toLongLong();
        if (editorIsRunning(entry.pid)) continue;
        entry.info = readInfo(pathFor(entry.pid, kInfoSuffix)).value_or(RecoveryInfo{});
        if (entry.info.documentName.isEmpty()) entry.info.documentName = QCoreApplication::translate("RecoveryFiles", "untitled");
        if (!entry.info.savedAt.isValid()) entry.info.savedAt = file.lastModified();
        found.push_back(std::move(entry));
    }
    std::sort(found.begin(), found.end(),
              [](const RecoveryEntry& a, const RecoveryEntry& b) { return a.info.savedAt > b.info.savedAt; });
    return found;
}

// A kill during an autosave leaves the staging file of its atomic write beside the map; it is of
// no use to anyone (the previous autosave is whole) and goes with the orphan.
void RecoveryFiles::removeStaging(const RecoveryEntry& orphan)
{
    io::AtomicFile::removeStaleStaging(orphan.mapPath);
    io::AtomicFile::removeStaleStaging(infoPathOf(orphan));
}

QString RecoveryFiles::infoPathOf(const RecoveryEntry& orphan)
{
    return QFileInfo(orphan.mapPath).dir().filePath(QString("recovery-%1%2").arg(orphan.pid).arg(QLatin1String(kInfoSuffix)));
}

std::optional<RecoveryEntry> RecoveryFiles::claim(const RecoveryEntry& orphan) const
{
    removeStaging(orphan);
    if (orphan.mapPath != mapPath()) {
        QFile::remove(mapPath());
        if (!QFile::rename(orphan.mapPath, mapPath())) return std::nullopt; // taken by another editor, or gone
        QFile::remove(infoPath());
        QFile::rename(infoPathOf(orphan), infoPath());
    }
    RecoveryEntry mine = orphan;
    mine.mapPath = mapPath();
    mine.pid = QCoreApplication::applicationPid();
    return mine;
}

void RecoveryFiles::discard(const RecoveryEntry& orphan)
{
    removeStaging(orphan);
    QFile::remove(orphan.mapPath);
    QFile::remove(infoPathOf(orphan));
}

} // namespace rb::editor
