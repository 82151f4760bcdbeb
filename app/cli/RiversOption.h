#pragma once

#include <QCommandLineParser>
#include <QJsonObject>

#include <optional>

namespace rb {
struct Map;
}

namespace rb::cli {

// `export --rivers FILE.json [--river-threshold T]`: the river centre lines, lakes and coastline of
// the map's water as JSON (docs/export.md), beside the raster layers.
void addRiversOptions(QCommandLineParser& parser);
// A usage error's exit code (message printed) when the options are wrong; nullopt when fine.
std::optional<int> checkRiversOptions(const QCommandLineParser& parser);
// Writes the file if asked; the report's "rivers" entry, or nullopt after printing the failure.
// Inside the export's io::FileSetTransaction it replaces the old file only together with the others.
std::optional<QJsonObject> exportRivers(const QCommandLineParser& parser, const Map& map);

} // namespace rb::cli
