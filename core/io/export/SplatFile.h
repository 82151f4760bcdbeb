#pragma once

#include "io/export/LayerExport.h"
#include "io/export/SplatSettings.h"
#include "io/export/SplatWeights.h"

#include <QByteArray>
#include <QJsonObject>
#include <QString>

#include <optional>

namespace rb::io {

// The splat map as an 8-bit RGBA PNG (straight alpha: the alpha channel is the shore weight, not
// transparency), levels from splatLevels(): R + G + B + A = 255 at every pixel, row 0 north.
QByteArray encodeSplatPng(const SplatWeights& weights);

// One channel (0..3 = R, G, B, A) as an 8-bit grayscale PNG with the same levels: the per-layer
// weightmaps Unreal's landscape import takes.
QByteArray encodeSplatChannelPng(const SplatWeights& weights, int channel);

// Empty when `path` can take a splat map (a .png); else a usage message naming it.
QString splatPathProblem(const QString& path);

// What a splat export reports: file, width, height, the channel meanings, the sum of a pixel's
// levels and the resolved parameters.
QJsonObject splatReport(const QString& path, const SplatWeights& weights);

// The splat map of the state on the export grid of `exportSettings` (the engine's grid or --size),
// written atomically to `path`. nullopt with `error` naming the file on failure.
std::optional<QJsonObject> exportSplat(const MapState& state, const QString& path, const ExportSettings& exportSettings,
                                       const SplatSettings& splatSettings, QString* error);

} // namespace rb::io
