#pragma once

#include <QCommandLineParser>
#include <QJsonObject>
#include <QString>
#include <QStringList>

#include <optional>

namespace rb {
struct Map;
}

namespace rb::cli {

constexpr int kExitOk = 0;
constexpr int kExitFailure = 1;
constexpr int kExitUsage = 2;

// Parses args with --help handled; returns an exit code to stop with, or nullopt to go on.
std::optional<int> parseArguments(QCommandLineParser& parser, const QStringList& args);

// Prints "riverbed-cli: MESSAGE" to stderr and returns the code.
int fail(const QString& message, int code = kExitFailure);

// One compact JSON object on its own stdout line.
void printJsonLine(const QJsonObject& object);

// Loads a .rbmap, printing the loader's message on failure.
std::optional<Map> loadMap(const QString& path);
bool saveMap(const QString& path, const Map& map);

// Parses a number option; prints an error naming the option when it is not a finite number.
std::optional<double> numberOption(const QCommandLineParser& parser, const QString& name);

} // namespace rb::cli
