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
// How many rivers, lakes and coast lines were found, and the threshold used: the export's report.
QJsonObject waterFeaturesSummary(const WaterFeatures& features);

bool writeWaterFeatures(const QString& path, const WaterFeatures& features, const Lattice& lattice, QString* error);

} // namespace rb::analysis
