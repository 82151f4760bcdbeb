#pragma once

#include <QStringList>

// Each subcommand of riverbed-cli: args[0] is "riverbed-cli NAME" (the program name shown in
// help), the rest are the subcommand's own arguments. Returns the process exit code:
// 0 success, 1 failure while working, 2 bad usage.
int runDemo(const QStringList& args);
int runSimulate(const QStringList& args);
int runCurrents(const QStringList& args);
int runInfo(const QStringList& args);
int runImport(const QStringList& args);
int runExport(const QStringList& args);
int runGenerate(const QStringList& args);
int runBench(const QStringList& args);
int runDevices(const QStringList& args);
