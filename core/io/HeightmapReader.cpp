#include "io/HeightmapReader.h"

#include "io/JsonFields.h"

#include <QFile>
#include <QJsonDocument>

#include <cmath>

namespace rb::io {
namespace {

std::optional<HeightRange> checkedRange(double low, double high, QString* error)
{
    if (!std::isfinite(low) || !std::isfinite(high) || !(low < high)) {
        *error = QString("the height range %1:%2 must have LO < HI, both finite").arg(low).arg(high);
        return std::nullopt;
    }
    return HeightRange{low, high};
}

std::optional<HeightRange> readSidecar(const QString& path, QString* error)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        *error = QString("%1: cannot open: %2").arg(path, file.errorString());
        return std::nullopt;
    }
    QJsonParseError parseError;
    const QJsonDocument document = QJsonDocument::fromJson(file.read(1 << 20), &parseError);
    if (!document.isObject()) {
        *error = QString("%1: not a JSON object with \"min\" and \"max\" (%2)").arg(path, parseError.errorString());
        return std::nullopt;
    }
    const JsonFields fields(document.object());
    const double low = fields.number("min");
    const double high = fields.number("max");
    if (!fields.ok()) {
        *error = path + ": " + fields.error();
        return std::nullopt;
    }
    std::optional<HeightRange> range = checkedRange(low, high, error);
    if (!range) *error = path + ": " + *error;
    return range;
}

// The range for integer samples and where it came from; nullopt only on a bad sidecar.
std::optional<std::pair<HeightRange, QString>> integerRange(const QString& path, const SampleRaster& raster,
                                                            const std::optional<HeightRange>& given, QString* error)
{
    if (given) return std::pair{*given, QString("--height-range")};
    const QString sidecar = sidecarPath(path);
    if (QFile::exists(sidecar)) {
        const std::optional<HeightRange> range = readSidecar(sidecar, error);
        if (!range) return std::nullopt;
        return std::pair{*range, sidecar};
    }
    return std::pair{HeightRange{0.0, raster.integerMax()}, QString("default")};
}

} // namespace

std::optional<HeightRange> parseHeightRange(const QString& text, QString* error)
{
    const QStringList parts = text.split(':');
    bool lowOk = false, highOk = false;
    const double low = parts.size() == 2 ? parts[0].toDouble(&lowOk) : 0.0;
    const double high = parts.size() == 2 ? parts[1].toDouble(&highOk) : 0.0;
    if (!lowOk || !highOk) {
        *error = QString("the height range must be LO:HI in metres (e.g. 0:1200), got '%1'").arg(text);
        return std::nullopt;
    }
    return checkedRange(low, high, error);
}

QString sidecarPath(const QString& path)
{
    return path + ".json";
}

FloatField samplesToMetres(const SampleRaster& raster, const HeightRange& range)
{
    FloatField metres(raster.samples.width(), raster.samples.height());
    const double span = range.high - range.low;
    const double max = raster.integerMax();
    for (std::size_t i = 0; i < metres.size(); ++i) metres[i] = static_cast<float>(range.low + span * raster.samples[i] / max);
    return metres;
}

std::optional<Heightmap> readHeightmap(const QString& path, const std::optional<HeightRange>& range, QString* error)
{
    std::optional<SampleRaster> raster = readSampleRaster(path, error);
    if (!raster) return std::nullopt;
    if (raster->integerBits == 0) {
        if (range) {
            *error = QString("%1: --height-range applies to integer images; this %2 holds metres already").arg(path, raster->description);
            return std::nullopt;
        }
        return Heightmap{std::move(raster->samples), raster->description, std::nullopt, QString()};
    }
    const auto chosen = integerRange(path, *raster, range, error);
    if (!chosen) return std::nullopt;
    return Heightmap{samplesToMetres(*raster, chosen->first), raster->description, chosen->first, chosen->second};
}

} // namespace rb::io
