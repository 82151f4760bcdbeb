#pragma once

#include "io/export/LayerExport.h"
#include "io/export/SplatSettings.h"
#include "model/Map.h"

#include <QCommandLineParser>
#include <QJsonObject>

#include <optional>

// The export command's splat map and engine bundle options (--splat, --splat-*, --bundle, --force),
// kept apart from the layer options in ExportCommand.cpp.
namespace rb::cli {

void addSplatBundleOptions(QCommandLineParser& parser);

// The splat settings from the options; nullopt after printing a usage error.
std::optional<io::SplatSettings> splatSettingsFromOptions(const QCommandLineParser& parser);

// nullopt when the bundle options fit together (--bundle needs --engine and takes no layer files);
// else the exit code after printing why.
std::optional<int> checkBundleOptions(const QCommandLineParser& parser);

// Writes --splat FILE.png; nullopt on failure (message printed). Inside the export's
// io::FileSetTransaction it replaces the old file only together with the others.
std::optional<QJsonObject> exportSplatOption(const QCommandLineParser& parser, const Map& map, const io::ExportSettings& settings,
                                             const io::SplatSettings& splat);

// Writes --bundle DIR (whole or not at all: io::BundleFolder) and prints the command's JSON line;
// returns the exit code.
int runBundleExport(const QCommandLineParser& parser, const QString& mapPath, const Map& map, const io::ExportSettings& settings,
                    const io::SplatSettings& splat);

} // namespace rb::cli
