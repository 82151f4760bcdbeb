#pragma once

#include <QCommandLineParser>
#include <QJsonObject>
#include <QString>
#include <QStringList>

#include <optional>

namespace rb {
struct Map;
struct Diagnostics;
class Solver;
}

namespace rb::cli {

constexpr int kExitOk = 0;
constexpr int kExitFailure = 1;
constexpr int kExitUsage = 2;

// Parses args with --help handled; returns an exit code to stop with, or nullopt to go on. An
// option that takes one value given twice is refused (QCommandLineParser would keep the last
// silently); `repeatable` names the options that collect every value given.
std::optional<int> parseArguments(QCommandLineParser& parser, const QStringList& args, const QStringList& repeatable = {});

// Prints "riverbed-cli: MESSAGE" to stderr and returns the code.
int fail(const QString& message, int code = kExitFailure);

// Prints "riverbed-cli: MESSAGE" to stderr without failing (e.g. a backend fallback).
void notice(const QString& message);

// Text on stdout, flushed. SIGPIPE is ignored (main), so a reader that went away or a full disk
// shows up here as an error: it is recorded, later output is dropped, and the work goes on (a
// simulation still writes its map).
void printText(const QString& text);

// One compact JSON object on its own stdout line.
void printJsonLine(const QJsonObject& object);

// The exit code once stdout is flushed: unchanged, or kExitFailure with the system's reason when a
// report could not be written (a full disk). A closed pipe (EPIPE) is the reader's choice, not a failure.
int finishStandardOutput(int code);

// Loads a .rbmap, printing the loader's message on failure.
std::optional<Map> loadMap(const QString& path);
bool saveMap(const QString& path, const Map& map);
// Before long work: whether `path` can be written (see io::AtomicFile::checkWritable); prints why
// not (exit 1 follows), so that no work is done that could not be saved.
bool checkOutput(const QString& path);

// A number as the user typed it: the whole text, finite, no spaces around it (QString::toDouble
// skips them, so 'north=sea: 0' read as sea level 0 — a slip the user should hear about).
std::optional<double> parseNumber(const QString& text);

// Parses a number option; prints an error naming the option when it is not a finite number.
std::optional<double> numberOption(const QCommandLineParser& parser, const QString& name);

// The JSON report line of simulate and demo: step, time, volume, inflow, outflow, max_depth,
// max_speed, cfl, dt; with dye its volumes and flows per channel; with `erosion` the suspended
// sediment (m³) and the net volume eroded from the bed (m³).
QJsonObject diagnosticsJson(const Diagnostics& diagnostics, double dt, bool erosion = false);

// Prints the starting diagnostics, then steps in chunks of `every`, printing after each; on an
// unstable step prints the solver's message and returns false (the solver keeps its last good state).
// `erosion`: the lines carry sediment and eroded.
bool stepAndReport(Solver& solver, int steps, int every, bool erosion = false);

} // namespace rb::cli
