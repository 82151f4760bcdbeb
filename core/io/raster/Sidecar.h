#pragma once

#include "io/raster/GridSize.h"
#include "io/raster/HeightRange.h"

#include <QJsonObject>
#include <QString>

#include <optional>

namespace rb::io {

// The JSON file that says how to read an integer raster back in metres: the raster's full path
// plus ".json" (e.g. "valley.png.json" next to "valley.png"). Members (others are ignored):
//   "min", "max"  the values of level 0 and of the largest level (numbers, min < max);
//   "rows"        "north-to-south" (default) or "south-to-north" (Unity's raw heightmaps);
//   "width", "height"  the raster's size (optional; raw files carry no header).
struct Sidecar {
    HeightRange range;
    bool southRowFirst = false;
    std::optional<GridSize> size;
};

QString sidecarPath(const QString& rasterPath);

// Reads and checks a sidecar; messages start with the sidecar's path.
std::optional<Sidecar> readSidecar(const QString& path, QString* error);

// The members above, to which an exporter adds its own (layer, engine settings, ...).
QJsonObject sidecarJson(const Sidecar& sidecar);

// Writes indented JSON atomically; on failure `error` names the file.
bool writeJsonFile(const QString& path, const QJsonObject& object, QString* error);

} // namespace rb::io
