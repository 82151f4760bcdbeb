#pragma once

#include <QByteArray>
#include <QString>
#include <QStringList>

#include <map>

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

// Every file of the folder with its bytes (a folder in the way counts as an empty entry).
std::map<QString, QByteArray> snapshot(const QString& folder);

// The names whose bytes differ between two snapshots (or that only one of them has), space-separated.
QString changedFiles(const std::map<QString, QByteArray>& before, const std::map<QString, QByteArray>& after);

} // namespace rb::test
