#include "io/export/SplatSettings.h"

#include <QJsonArray>

#include <algorithm>
#include <cmath>

namespace rb::io {
namespace {

// The default band: the top of the terrain's height range turns into high ground.
constexpr double kBandStartFraction = 0.7;
constexpr double kBandEndFraction = 0.9;
// The default shore: a few samples wide, so it shows on any grid.
constexpr double kShoreSpacings = 3.0;
constexpr double kSteepestDegrees = 90.0;

bool finite(const HeightRange& range)
{
    return std::isfinite(range.low) && std::isfinite(range.high);
}

} // namespace

QString splatSettingsProblem(const SplatSettings& settings)
{
    const HeightRange& slope = settings.slopeDegrees;
    if (!finite(slope) || slope.low < 0.0 || slope.high > kSteepestDegrees || slope.low >= slope.high)
        return QString("--splat-slope must be two angles in 0..90 degrees, the first below the second, got %1:%2").arg(slope.low).arg(slope.high);
    if (settings.band && (!finite(*settings.band) || settings.band->low >= settings.band->high))
        return QString("--splat-band must be two heights in metres, the first below the second, got %1:%2").arg(settings.band->low).arg(settings.band->high);
    if (settings.shoreWidth && !(std::isfinite(*settings.shoreWidth) && *settings.shoreWidth > 0.0))
        return "--splat-shore must be a positive width in metres";
    if (!(std::isfinite(settings.wetDepth) && settings.wetDepth > 0.0)) return "--splat-wet must be a positive depth in metres";
    return {};
}

std::optional<double> mapSeaLevel(const Map& map)
{
    std::optional<double> level;
    for (const BoundarySegment& segment : map.boundary)
        if (segment.type == BoundaryType::Sea) level = std::max(level.value_or(segment.value), segment.value);
    return level;
}

SplatSettings resolveSplatSettings(const SplatSettings& settings, const HeightRange& terrainSpan, double gridSpacing)
{
    SplatSettings resolved = settings;
    const double range = terrainSpan.high - terrainSpan.low;
    if (!resolved.band) resolved.band = HeightRange{terrainSpan.low + kBandStartFraction * range, terrainSpan.low + kBandEndFraction * range};
    if (!resolved.shoreWidth) resolved.shoreWidth = kShoreSpacings * gridSpacing;
    return resolved;
}

QJsonObject splatSettingsJson(const SplatSettings& resolved)
{
    QJsonObject json{{"slopeDegrees", QJsonArray{resolved.slopeDegrees.low, resolved.slopeDegrees.high}},
                     {"shoreWidth", resolved.shoreWidth.value_or(0.0)},
                     {"wetDepth", resolved.wetDepth},
                     {"seaLevel", resolved.seaLevel ? QJsonValue(*resolved.seaLevel) : QJsonValue()}};
    if (resolved.band) json["band"] = QJsonArray{resolved.band->low, resolved.band->high};
    return json;
}

} // namespace rb::io
