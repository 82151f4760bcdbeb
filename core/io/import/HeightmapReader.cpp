#include "io/import/HeightmapReader.h"

#include <QFile>

#include <utility>

namespace rb::io {
namespace {

// The sidecar next to `path`, if there is one; an unreadable or malformed one is an error.
bool loadSidecar(const QString& path, std::optional<Sidecar>& sidecar, QString* error)
{
    const QString candidate = sidecarPath(path);
    if (!QFile::exists(candidate)) return true;
    sidecar = readSidecar(candidate, error);
    return sidecar.has_value();
}

std::pair<HeightRange, QString> integerRange(const QString& path, const SampleRaster& raster, const HeightmapRequest& request,
                                             const std::optional<Sidecar>& sidecar)
{
    if (request.range) return {*request.range, QString("--height-range")};
    if (sidecar) return {sidecar->range, sidecarPath(path)};
    if (raster.embeddedRange) return {*raster.embeddedRange, QString("PNG text")};
    return {HeightRange{0.0, raster.integerMax()}, QString("default")};
}

void flipReaderRows(FloatField& field)
{
    for (int y = 0; y < field.height() / 2; ++y)
        for (int x = 0; x < field.width(); ++x) std::swap(field(x, y), field(x, field.height() - 1 - y));
}

} // namespace

std::optional<Heightmap> readHeightmap(const QString& path, const HeightmapRequest& request, QString* error)
{
    // A raw file needs its sidecar first (for its size); other files only once they prove integer.
    std::optional<Sidecar> sidecar;
    const bool raw = isRawPath(path);
    if (raw && !loadSidecar(path, sidecar, error)) return std::nullopt;
    RasterRequest rasterRequest = request.raster;
    if (!rasterRequest.rawSize && sidecar) rasterRequest.rawSize = sidecar->size;
    std::optional<SampleRaster> raster = readSampleRaster(path, rasterRequest, error);
    if (!raster) return std::nullopt;
    if (raster->integerBits == 0) {
        if (request.range) {
            *error = QString("%1: --height-range applies to integer images; this %2 holds metres already").arg(path, raster->description);
            return std::nullopt;
        }
        return Heightmap{std::move(raster->samples), raster->description, std::nullopt, QString(), 0};
    }
    if (!raw && !loadSidecar(path, sidecar, error)) return std::nullopt;
    const auto [range, origin] = integerRange(path, *raster, request, sidecar);
    Heightmap heightmap{samplesToMetres(*raster, range), raster->description, range, origin, raster->integerBits};
    if (sidecar && sidecar->southRowFirst) flipReaderRows(heightmap.metres);
    return heightmap;
}

std::optional<Heightmap> readHeightmap(const QString& path, const std::optional<HeightRange>& range, QString* error)
{
    return readHeightmap(path, HeightmapRequest{range, RasterRequest{}}, error);
}

FloatField samplesToMetres(const SampleRaster& raster, const HeightRange& range)
{
    FloatField metres(raster.samples.width(), raster.samples.height());
    const double span = range.high - range.low;
    const double max = raster.integerMax();
    for (std::size_t i = 0; i < metres.size(); ++i) metres[i] = static_cast<float>(range.low + span * raster.samples[i] / max);
    return metres;
}

} // namespace rb::io
