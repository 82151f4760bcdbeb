#pragma once

#include "io/raster/HeightRange.h"
#include "model/Field.h"

#include <QJsonObject>
#include <QString>
#include <QStringList>

#include <array>
#include <optional>
#include <string>
#include <vector>

namespace rb::io {

// Where an exported raster lies: GDAL's affine geotransform of its pixels and the CRS (WKT).
struct RasterGeoreference {
    std::string crsWkt;
    std::array<double, 6> geoTransform{};
};

// What one export writes: one or more channels on one grid (rows north to south), and how
// integer formats turn them into levels. Float formats write the channels as they are.
struct ExportImage {
    QString layer;                    // "terrain", "flowmap", ... (for messages and the sidecar)
    std::vector<FloatField> channels; // all of one size
    QStringList channelNames;         // OpenEXR channel names, one per channel
    HeightRange levels;               // the values integer formats map onto levels 0 and max
    HeightRange meaning;              // what levels 0 and max stand for: the sidecar's "min"/"max"
    int pngBits = 16;                 // 8 or 16 bits per PNG channel
    bool southRowFirst = false;       // integer files written bottom row first (Unity's raw)
    QJsonObject notes;                // extra sidecar members (units, engine settings)
    std::optional<RasterGeoreference> georeference; // GeoTIFF exports write it (from the map's)

    int width() const { return channels.empty() ? 0 : channels.front().width(); }
    int height() const { return channels.empty() ? 0 : channels.front().height(); }
};

// The level of a value: round((v − low) / (high − low) · maxLevel), clamped to 0..maxLevel.
int quantise(double value, const HeightRange& levels, int maxLevel);

// The smallest and largest value, widened to [v, v + 1] when all are equal so that the mapping
// onto levels is defined (and a flat field reads back exactly).
HeightRange valueSpan(const FloatField& field);

} // namespace rb::io
