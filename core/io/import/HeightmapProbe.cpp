#include "io/import/HeightmapProbe.h"

#include "io/import/GeoHeightmap.h"
#include "io/import/HeightmapReader.h"
#include "io/raster/GdalRaster.h"
#include "io/raster/Sidecar.h"

#include <QFile>

#include <algorithm>
#include <cmath>
#include <limits>

namespace rb::io {
namespace {

constexpr float kNaN = std::numeric_limits<float>::quiet_NaN();

// One preview pixel: the mean of the finite cells in its box.
float boxMean(const FloatField& field, int x0, int x1, int y0, int y1)
{
    double sum = 0.0;
    int count = 0;
    for (int y = y0; y < y1; ++y)
        for (int x = x0; x < x1; ++x)
            if (std::isfinite(field(x, y))) {
                sum += field(x, y);
                ++count;
            }
    return count ? static_cast<float>(sum / count) : kNaN;
}

void normalise(FloatField& field)
{
    float low = std::numeric_limits<float>::infinity(), high = -low;
    for (const float v : field.values())
        if (std::isfinite(v)) {
            low = std::min(low, v);
            high = std::max(high, v);
        }
    for (float& v : field.values())
        if (std::isfinite(v)) v = high > low ? (v - low) / (high - low) : 0.5f;
}

std::optional<HeightmapProbe> ownReaderProbe(const QString& path, int previewSide, QString* error)
{
    // No range requested: the reader tells which one the file carries ("default" when none).
    std::optional<Heightmap> heights = readHeightmap(path, HeightmapRequest{}, error);
    if (!heights) return std::nullopt;
    HeightmapProbe probe;
    probe.size = {heights->metres.width(), heights->metres.height()};
    probe.description = heights->description;
    probe.integerBits = heights->integerBits;
    if (heights->integerBits && heights->rangeOrigin != "default") {
        probe.fileRange = heights->range;
        probe.rangeOrigin = heights->rangeOrigin;
    }
    probe.rangeMissing = heights->integerBits == 16 && heights->rangeOrigin == "default";
    probe.preview = previewOf(heights->metres, previewSide);
    return probe;
}

// The range a sidecar gives an integer raster read through GDAL (GDAL's importer applies it too).
bool addSidecarRange(const QString& path, HeightmapProbe& probe, QString* error)
{
    if (probe.integerBits == 0 || !QFile::exists(sidecarPath(path))) return true;
    const std::optional<Sidecar> sidecar = readSidecar(sidecarPath(path), error);
    if (!sidecar) return false;
    probe.fileRange = sidecar->range;
    probe.rangeOrigin = sidecarPath(path);
    return true;
}

// The raster as stored first (its type; and all there is to show without a geotransform), then,
// when it can be placed, as the importer turns it into square metre cells north up. GDAL's
// warning about integer levels without a range is left out: integerBits and fileRange say it,
// and the dialog words it for its own range box rather than for --height-range.
std::optional<HeightmapProbe> gdalProbe(const QString& path, int previewSide, QString* error)
{
    std::optional<GdalRaster> raster = readGdalRaster(path, error);
    if (!raster) return std::nullopt;
    HeightmapProbe probe;
    probe.description = raster->description();
    probe.integerBits = raster->integerBits;
    probe.throughGdal = true;
    if (!addSidecarRange(path, probe, error)) return std::nullopt;
    if (!raster->geoTransform) {
        probe.size = {raster->samples.width(), raster->samples.height()};
        probe.preview = previewOf(raster->samples, previewSide);
        return probe;
    }
    raster.reset(); // a large raster is not held twice
    std::optional<GeoHeightmap> geo = readGeoHeightmap(path, GeoRequest{std::nullopt, std::nullopt, NoDataPolicy::Fill}, error);
    if (!geo) return std::nullopt;
    probe.size = {geo->metres.width(), geo->metres.height()};
    probe.cellSize = geo->cellSize;
    probe.notes = geo->notes;
    probe.preview = previewOf(geo->metres, previewSide);
    return probe;
}

} // namespace

std::optional<HeightmapProbe> probeHeightmap(const QString& path, int previewSide, QString* error)
{
    try {
        return hasOwnImportReader(path) ? ownReaderProbe(path, previewSide, error) : gdalProbe(path, previewSide, error);
    } catch (const std::bad_alloc&) { // a huge file on a small machine: the dialog says so and stays up
        *error = path + ": reading it needs more memory than is available";
        return std::nullopt;
    }
}

FloatField previewOf(const FloatField& field, int side)
{
    if (field.empty() || side < 1) return {};
    const int longer = std::max(field.width(), field.height());
    const double scale = std::min(1.0, static_cast<double>(side) / longer);
    const int width = std::max(1, static_cast<int>(std::lround(field.width() * scale)));
    const int height = std::max(1, static_cast<int>(std::lround(field.height() * scale)));
    FloatField preview(width, height);
    for (int y = 0; y < height; ++y) {
        const int y0 = y * field.height() / height, y1 = std::max(y0 + 1, (y + 1) * field.height() / height);
        for (int x = 0; x < width; ++x) {
            const int x0 = x * field.width() / width, x1 = std::max(x0 + 1, (x + 1) * field.width() / width);
            preview(x, y) = boxMean(field, x0, x1, y0, y1);
        }
    }
    normalise(preview);
    return preview;
}

} // namespace rb::io
