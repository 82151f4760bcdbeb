#pragma once

#include <QString>
#include <QStringList>

namespace rb::test {

// What one run of the real riverbed-cli binary gave back.
struct CliRun {
    int exitCode = -1; // -1 when it crashed or hung
    QString out;
    QString err;
};

// Runs `riverbed-cli ARGS` and waits for it (two minutes at most).
CliRun cli(const QStringList& args);

} // namespace rb::test
