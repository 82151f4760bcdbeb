#include "CliRun.h"

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

} // namespace rb::test
