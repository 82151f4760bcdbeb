#include "io/transaction/StagingOwner.h"

#include <QCoreApplication>
#include <QFile>
#include <QSysInfo>

#include <cerrno>
#include <csignal>

namespace rb::io {
namespace {

constexpr int kBootDigits = 8;

// The kernel's id of this boot; empty where there is none (not Linux): then the PID alone decides.
QString bootId()
{
    static const QString id = [] {
        QFile file("/proc/sys/kernel/random/boot_id");
        if (!file.open(QIODevice::ReadOnly)) return QString();
        return QString::fromLatin1(file.readAll()).remove('-').trimmed().left(kBootDigits);
    }();
    return id;
}

// A host name with the characters a file name cannot hold (or that would split the tag) replaced.
QString hostName()
{
    static const QString host = QSysInfo::machineHostName().replace('/', '_').replace('.', '_');
    return host;
}

bool processIsGone(qint64 pid)
{
    return pid <= 0 || (::kill(static_cast<pid_t>(pid), 0) != 0 && errno == ESRCH);
}

} // namespace

QString stagingOwnerTag()
{
    const QString pid = QString::number(QCoreApplication::applicationPid());
    return bootId().isEmpty() ? pid : pid + '.' + bootId() + '.' + hostName();
}

bool stagingOwnerGone(const QString& tag)
{
    const QStringList parts = tag.split('.');
    bool numeric = false;
    const qint64 pid = parts.front().toLongLong(&numeric);
    if (!numeric || (parts.size() != 1 && parts.size() != 3)) return false;
    if (parts.size() == 3) {
        if (parts[2] != hostName()) return false;
        if (parts[1] != bootId()) return true;
    }
    return processIsGone(pid);
}

bool isOwnStagingTag(const QString& tag)
{
    return tag == stagingOwnerTag();
}

} // namespace rb::io
