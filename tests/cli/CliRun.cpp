#include "CliRun.h"

#include "TestFiles.h"

#include <QDir>
#include <QProcess>

namespace rb::test {

CliRun cli(const QStringList& args)
{
    QProcess process;
    process.start(RIVERBED_CLI_PATH, args);
    process.waitForFinished(120000);
    return {process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1, QString::fromUtf8(process.readAllStandardOutput()),
            QString::fromUtf8(process.readAllStandardError())};
}

CliRun cliInShell(const QStringList& args, int limitBlocks, const QString& redirect)
{
    QString command;
    if (limitBlocks > 0) command += QString("ulimit -f %1; ").arg(limitBlocks);
    command += "\"$0\"";
    for (int i = 0; i < args.size(); ++i) command += QString(" \"${%1}\"").arg(i + 1);
    command += " " + redirect;
    QProcess process;
    process.start("bash", QStringList{"-c", command, RIVERBED_CLI_PATH} + args);
    process.waitForFinished(120000);
    return {process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1, QString::fromUtf8(process.readAllStandardOutput()),
            QString::fromUtf8(process.readAllStandardError())};
}

std::map<QString, QByteArray> snapshot(const QString& folder)
{
    std::map<QString, QByteArray> out;
    for (const QString& name : QDir(folder).entryList(QDir::AllEntries | QDir::Hidden | QDir::System | QDir::NoDotAndDotDot))
        out[name] = readBytes(QDir(folder).filePath(name));
    return out;
}

QString changedFiles(const std::map<QString, QByteArray>& before, const std::map<QString, QByteArray>& after)
{
    QStringList changed;
    for (const auto& [name, bytes] : before)
        if (!after.count(name) || after.at(name) != bytes) changed << name;
    for (const auto& [name, bytes] : after)
        if (!before.count(name)) changed << name;
    return changed.join(' ');
}

} // namespace rb::test
