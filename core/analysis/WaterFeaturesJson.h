#pragma once

#include "analysis/WaterFeatures.h"

#include <QJsonObject>
#include <QString>

namespace rb::analysis {

inline constexpr int kWaterFeaturesVersion = 1;

// The features as the JSON document of docs/export.md ("Rivers, lakes and coast").
QJsonObject waterFeaturesJson(const WaterFeatures& features, const Lattice& lattice);

// Writes that document through io::AtomicFile (the old file survives any failure). False and
// `error` on failure.
bool writeWaterFeatures(const QString& path, const WaterFeatures& features, const Lattice& lattice, QString* error);

} // namespace rb::analysis
