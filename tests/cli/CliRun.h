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

// Runs `riverbed-cli ARGS` through bash with a file-size limit of `limitBlocks` × 1024 bytes
// (`ulimit -f`; 0: none) and `redirect` appended to the command line.
CliRun cliInShell(const QStringList& args, int limitBlocks, const QString& redirect = {});

} // namespace rb::test
