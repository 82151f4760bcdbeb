#pragma once

#include "io/export/LayerExport.h"

#include <QCommandLineParser>
#include <QString>

#include <functional>
#include <optional>

namespace rb {
struct Map;
}

namespace rb::cli {

// `export MAP --tiles N --engine E --terrain FILE [water layers]`: the layers cut into N × N engine
// tiles that share their edge samples, with a manifest (io/export/TileExport.h, docs/export.md).
void addTilesOption(QCommandLineParser& parser);
bool tilesRequested(const QCommandLineParser& parser);
// A usage error's exit code (message printed) when the options do not make a tile set; else nullopt.
std::optional<int> checkTilesRequest(const QCommandLineParser& parser);
// Writes the tile set and prints the JSON line; the exit code. `stateFor` gives the state a layer is
// read from (the time-mean flow's for the velocity layers with --mean).
int exportTiles(const QCommandLineParser& parser, const QString& mapPath, const Map& map,
                const std::function<const MapState&(io::Layer)>& stateFor, const io::ExportSettings& settings);

} // namespace rb::cli
